package dev.tide.core.store.jdbc;

import dev.tide.api.JobInfo;
import dev.tide.api.JobQuery;
import dev.tide.api.Page;
import dev.tide.api.TaskInfo;
import dev.tide.api.TaskQuery;
import dev.tide.api.TaskState;
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
    public Page<TaskInfo> taskList(TaskQuery query) {
        TaskListSql list = TaskListSql.of(query);
        return db.read(tx -> {
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
            String next = more
                    ? TaskListSql.encode(
                            query, lastSortValue, items.get(items.size() - 1).id())
                    : null;
            return new Page<>(items, next);
        });
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
