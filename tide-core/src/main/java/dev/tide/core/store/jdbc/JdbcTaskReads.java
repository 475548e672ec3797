package dev.tide.core.store.jdbc;

import dev.tide.api.JobInfo;
import dev.tide.api.JobQuery;
import dev.tide.api.Page;
import dev.tide.api.TaskCount;
import dev.tide.api.TaskInfo;
import dev.tide.api.TaskQuery;
import dev.tide.api.TaskState;
import dev.tide.core.store.TaskListing;
import dev.tide.core.store.TaskReads;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;

/**
 * Reading tasks and jobs, and the one write that changes no state (a job's info).
 */
public final class JdbcTaskReads implements TaskReads {
    private final Database db;

    JdbcTaskReads(Database db) {
        this.db = db;
    }

    @Override
    public Optional<JobInfo> jobGet(long jobId) {
        return db.read(tx -> JobLedger.jobGet(tx, jobId));
    }

    @Override
    public Optional<JobInfo> jobInfoUpdate(long jobId, String info) {
        return db.write(tx -> JobLedger.jobInfoUpdate(tx, jobId, info));
    }

    @Override
    public Set<Long> tasksOwnedBy(String owner, Collection<Long> taskIds) {
        return db.read(tx -> owned(tx, "task_ids_owned", owner, taskIds));
    }

    @Override
    public Set<Long> jobsOwnedBy(String owner, Collection<Long> jobIds) {
        return db.read(tx -> owned(tx, "job_ids_owned", owner, jobIds));
    }

    private static Set<Long> owned(Tx tx, String query, String owner, Collection<Long> ids) throws SQLException {
        Set<Long> owned = new HashSet<>();
        try (ResultSet rs =
                tx.prepare(query).set("owner", owner).setLongs("ids", ids).query()) {
            while (rs.next()) {
                owned.add(rs.getLong("id"));
            }
        }
        return owned;
    }

    @Override
    public Optional<TaskInfo> taskGet(long taskId) {
        return db.read(tx -> taskGet(tx, taskId));
    }

    static Optional<TaskInfo> taskGet(Tx tx, long taskId) throws SQLException {
        try (ResultSet rs = tx.prepare("task_get").set("id", taskId).query()) {
            return rs.next() ? Optional.of(Rows.task(rs)) : Optional.empty();
        }
    }

    @Override
    public List<TaskInfo> taskGetMany(List<Long> taskIds) {
        if (taskIds.isEmpty()) {
            return List.of();
        }
        return db.read(tx -> {
            List<TaskInfo> out = new ArrayList<>();
            try (ResultSet rs =
                    tx.prepare("task_get_many").setLongs("ids", taskIds).query()) {
                while (rs.next()) {
                    out.add(Rows.task(rs));
                }
            }
            return out;
        });
    }

    @Override
    public Page<TaskInfo> taskList(TaskListing listing) {
        TaskQuery query = listing.query();
        return db.read(tx -> {
            TaskListSql list = TaskListSql.of(query, db.dialect(), search(tx, listing));
            List<TaskInfo> items = new ArrayList<>();
            long lastSortValue = 0;
            boolean more = false;
            try (PreparedStatement ps = tx.prepareDynamic(list.sql())) {
                list.bind(ps);
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        if (items.size() == query.limit()) {
                            more = true;
                            break;
                        }
                        items.add(Rows.task(rs));
                        lastSortValue = rs.getLong("sort_value");
                    }
                }
            }
            if (more) {
                return new Page<>(
                        items,
                        TaskListSql.encode(
                                query,
                                lastSortValue,
                                items.get(items.size() - 1).id()));
            }
            if (list.scanned()) {
                // The page came up short: if the reading stopped at its bound, the search continues after that row.
                try (PreparedStatement ps = tx.prepareDynamic(list.boundSql())) {
                    list.bindBound(ps);
                    try (ResultSet rs = ps.executeQuery()) {
                        if (rs.next()) {
                            String after = TaskListSql.encode(query, rs.getLong("sort_value"), rs.getLong("id"));
                            if (rs.next()) {
                                return new Page<>(items, after, true);
                            }
                        }
                    }
                }
            }
            return new Page<>(items, null);
        });
    }

    /**
     * Exact up to {@link TaskListing#EXACT_COUNT_ROWS}; past it the planner's estimate where the database gives one,
     * else that many as a lower bound. Text matched by reading rows counts among the rows one page would read.
     */
    @Override
    public TaskCount taskCountMatching(TaskListing listing) {
        TaskQuery query = listing.query();
        int cap = TaskListing.EXACT_COUNT_ROWS + 1;
        return db.read(tx -> {
            TaskListSql count = TaskListSql.count(query, db.dialect(), search(tx, listing), cap);
            long n;
            try (PreparedStatement ps = tx.prepareDynamic(count.sql())) {
                count.bind(ps);
                try (ResultSet rs = ps.executeQuery()) {
                    rs.next();
                    n = rs.getLong("n");
                }
            }
            if (count.scanned()) {
                try (PreparedStatement ps = tx.prepareDynamic(count.boundSql())) {
                    count.bindBound(ps);
                    try (ResultSet rs = ps.executeQuery()) {
                        return new TaskCount(n, rs.next());
                    }
                }
            }
            if (n < cap) {
                return new TaskCount(n, false);
            }
            Conditions.Where where = TaskListSql.where(query, db.dialect());
            OptionalLong estimate =
                    db.dialect().rowEstimate(tx, "SELECT 1 FROM tide_tasks WHERE " + where.sql(), where);
            return new TaskCount(Math.max(TaskListing.EXACT_COUNT_ROWS, estimate.orElse(0)), true);
        });
    }

    /**
     * The plans of a listing's statements, for tests of index use: its page, then (where text is matched by reading
     * rows) the bound of that reading, then its count; one line per step, statements apart by an empty line.
     */
    public List<String> taskListPlans(TaskListing listing) {
        return db.read(tx -> {
            TaskListSql.Search search = search(tx, listing);
            TaskListSql list = TaskListSql.of(listing.query(), db.dialect(), search);
            TaskListSql count =
                    TaskListSql.count(listing.query(), db.dialect(), search, TaskListing.EXACT_COUNT_ROWS + 1);
            List<String> out = new ArrayList<>();
            plan(tx, list.sql(), list::bind, out);
            if (list.scanned()) {
                plan(tx, list.boundSql(), list::bindBound, out);
            }
            plan(tx, count.sql(), count::bind, out);
            return out;
        });
    }

    private interface Binding {
        void bind(PreparedStatement ps) throws SQLException;
    }

    private void plan(Tx tx, String sql, Binding binding, List<String> out) throws SQLException {
        try (PreparedStatement ps = tx.prepareDynamic(db.dialect().explainPrefix() + sql)) {
            binding.bind(ps);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    out.add(rs.getString(db.dialect().planColumn()));
                }
            }
        }
        out.add("");
    }

    /**
     * Which text filters an index serves here (PostgreSQL: the error text with pg_trgm, the payload with the list's
     * indexes); asked only by text searches.
     */
    private static TaskListSql.Search search(Tx tx, TaskListing listing) throws SQLException {
        boolean message = false;
        boolean payload = false;
        if (listing.query().matchesText()) {
            try (ResultSet rs = tx.prepare("task_search_indexes").query()) {
                while (rs.next()) {
                    String name = rs.getString("name");
                    message |= name.equals("tide_tasks_message_trgm");
                    payload |= name.equals("tide_tasks_list_payload");
                }
            }
        }
        return new TaskListSql.Search(message, payload, listing.scanRows());
    }

    @Override
    public List<Long> taskDependents(long taskId, int limit) {
        return db.read(tx -> {
            List<Long> ids = new ArrayList<>();
            try (ResultSet rs = tx.prepare("task_dependents")
                    .set("id", taskId)
                    .set("limit", (long) limit)
                    .query()) {
                while (rs.next()) {
                    ids.add(rs.getLong("task_id"));
                }
            }
            return ids;
        });
    }

    @Override
    public Page<JobInfo> jobList(JobQuery query, Instant now) {
        JobListSql list = JobListSql.of(query, now);
        return db.read(tx -> {
            List<JobInfo> items = new ArrayList<>();
            boolean more = false;
            try (PreparedStatement ps = tx.prepareDynamic(list.sql())) {
                list.bind(ps);
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        if (items.size() == query.limit()) {
                            more = true;
                            break;
                        }
                        items.add(Rows.job(rs));
                    }
                }
            }
            String next =
                    more ? JobListSql.encode(query, items.get(items.size() - 1).id()) : null;
            return new Page<>(items, next);
        });
    }

    @Override
    public Optional<Instant> taskNextRunAt(String queue, Set<String> types) {
        return db.read(tx -> {
            try (ResultSet rs =
                    ofTypes(tx.prepare("task_next_run_at_of"), queue, types).query()) {
                return rs.next() ? Optional.ofNullable(Rows.instant(rs, "next_run_at")) : Optional.empty();
            }
        });
    }

    @Override
    public long taskReadyCount(String queue, Set<String> types) {
        return db.read(tx -> {
            try (ResultSet rs =
                    ofTypes(tx.prepare("task_ready_count"), queue, types).query()) {
                rs.next();
                return rs.getLong("n");
            }
        });
    }

    static Statement ofTypes(Statement st, String queue, Set<String> types) throws SQLException {
        return st.set("queue", queue).set("any_type", types.isEmpty() ? 1L : 0L).setTexts("types", types);
    }

    @Override
    public OptionalLong taskCount(String queue, TaskState state) {
        return db.read(tx -> {
            try (ResultSet rs = tx.prepare("task_count")
                    .set("queue", queue)
                    .set("state", state.wireName())
                    .query()) {
                return rs.next() ? OptionalLong.of(rs.getLong("n")) : OptionalLong.empty();
            }
        });
    }
}
