package dev.tide.core.store.jdbc;

import dev.tide.api.BulkAction;
import dev.tide.api.BulkInfo;
import dev.tide.api.BulkMatch;
import dev.tide.api.BulkRequest;
import dev.tide.api.BulkState;
import dev.tide.api.JobInfo;
import dev.tide.api.TaskQuery;
import dev.tide.api.TaskSelection;
import dev.tide.core.store.BulkStore;
import dev.tide.core.store.Unparked;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Bulk actions over JDBC. The tasks are chosen once, when a bulk action starts, by one {@code INSERT ... SELECT} into
 * {@code tide_bulk_action_tasks}; each batch takes the lowest ids left, applies the action with the one-task
 * operations' own statements ({@link JdbcTaskSettlements}), forgets those ids and moves the progress, all in one
 * transaction that begins by locking the bulk action's row (see {@code bulk_batch_begin}).
 */
final class JdbcBulkActions implements BulkStore {
    private final Database db;
    private final JdbcTaskSettlements settlements;

    JdbcBulkActions(Database db, JdbcTaskSettlements settlements) {
        this.db = db;
        this.settlements = settlements;
    }

    @Override
    public BulkMatch bulkMatch(TaskQuery filter, String owner) {
        BulkSql sql = BulkSql.match(filter, db.dialect(), owner);
        return db.read(tx -> {
            try (PreparedStatement ps = tx.prepareDynamic(sql.sql())) {
                sql.bind(ps, List.of());
                try (ResultSet rs = ps.executeQuery()) {
                    rs.next();
                    return new BulkMatch(rs.getLong("n"), rs.getLong("up_to"));
                }
            }
        });
    }

    @Override
    public BulkInfo bulkCreate(BulkRequest request, String actor, String owner, Instant now) {
        return db.write(tx -> {
            long id;
            try (ResultSet rs = tx.prepare("bulk_insert")
                    .set("action", request.action().wireName())
                    .set("actor", actor)
                    .set("owner", owner)
                    .set("reason", request.reason())
                    .set("up_to_task_id", request.upToTaskId())
                    .set("created_at", now)
                    .query()) {
                rs.next();
                id = rs.getLong("id");
            }
            int matched = request.filter() != null
                    ? chooseMatching(tx, id, request.filter(), request.upToTaskId(), owner)
                    : chooseIds(tx, id, request.taskIds(), owner);
            try (ResultSet rs = tx.prepare("bulk_matched_set")
                    .set("matched", matched)
                    .set("id", id)
                    .query()) {
                rs.next();
                return row(rs);
            }
        });
    }

    private int chooseMatching(Tx tx, long id, TaskQuery filter, long upToTaskId, String owner) throws SQLException {
        BulkSql sql = BulkSql.choose(filter, db.dialect(), owner);
        try (PreparedStatement ps = tx.prepareDynamic(sql.sql())) {
            sql.bind(ps, List.of(id), upToTaskId);
            return ps.executeUpdate();
        }
    }

    private static int chooseIds(Tx tx, long id, List<Long> taskIds, String owner) throws SQLException {
        List<String> filters = owner == null ? List.of("park_if_ids") : List.of("park_if_ids", "park_if_owner");
        Statement st =
                tx.prepare("bulk_choose_ids", filters).set("bulk_id", id).setLongs("ids", new LinkedHashSet<>(taskIds));
        if (owner != null) {
            st.set("owner", owner);
        }
        return st.update();
    }

    @Override
    public Optional<BulkInfo> bulkGet(long id) {
        return db.read(tx -> {
            try (ResultSet rs = tx.prepare("bulk_get").set("id", id).query()) {
                return rs.next() ? Optional.of(row(rs)) : Optional.empty();
            }
        });
    }

    @Override
    public List<BulkInfo> bulkRecent(String owner, int limit) {
        return db.read(tx -> {
            Statement st = owner == null
                    ? tx.prepare("bulk_recent")
                    : tx.prepare("bulk_recent_of_owner").set("owner", owner);
            List<BulkInfo> out = new ArrayList<>();
            try (ResultSet rs = st.set("limit", limit).query()) {
                while (rs.next()) {
                    out.add(row(rs));
                }
            }
            return out;
        });
    }

    @Override
    public boolean bulkAnyRunning() {
        return db.read(tx -> {
            try (ResultSet rs = tx.prepare("bulk_any_running").query()) {
                return rs.next();
            }
        });
    }

    @Override
    public Optional<Long> bulkTake(String node, Instant now, Instant until) {
        return db.write(tx -> {
            try (ResultSet rs = tx.prepare("bulk_take")
                    .set("node", node)
                    .set("now", now)
                    .set("until", until)
                    .query()) {
                return rs.next() ? Optional.of(rs.getLong("id")) : Optional.empty();
            }
        });
    }

    @Override
    public BulkBatch bulkBatch(long id, String node, int limit, Instant now, Instant until) {
        return db.write(tx -> {
            BulkInfo bulk;
            String reason;
            try (ResultSet rs = tx.prepare("bulk_batch_begin")
                    .set("until", until)
                    .set("id", id)
                    .set("node", node)
                    .query()) {
                if (!rs.next()) {
                    return new BulkBatch(get(tx, id), false, Set.of(), List.of());
                }
                bulk = row(rs);
                reason = rs.getString("reason");
            }
            List<Long> ids = new ArrayList<>(limit);
            try (ResultSet rs = tx.prepare("bulk_batch_tasks")
                    .set("bulk_id", id)
                    .set("limit", limit)
                    .query()) {
                while (rs.next()) {
                    ids.add(rs.getLong("task_id"));
                }
            }
            Set<String> ready = new LinkedHashSet<>();
            List<JobInfo> finished = new ArrayList<>();
            int changed = ids.isEmpty() ? 0 : apply(tx, bulk.action(), ids, reason, now, ready, finished);
            if (!ids.isEmpty()) {
                tx.prepare("bulk_batch_forget")
                        .set("bulk_id", id)
                        .set("last_task_id", ids.get(ids.size() - 1))
                        .update();
            }
            try (ResultSet rs = tx.prepare("bulk_batch_end")
                    .set("processed", ids.size())
                    .set("changed", changed)
                    .set("batches", ids.isEmpty() ? 0 : 1)
                    .set("done", ids.size() < limit ? 1 : 0)
                    .set("now", now)
                    .set("id", id)
                    .query()) {
                rs.next();
                return new BulkBatch(row(rs), true, ready, finished);
            }
        });
    }

    /** The action on the batch's tasks; answers how many it changed. */
    private int apply(
            Tx tx,
            BulkAction action,
            List<Long> ids,
            String reason,
            Instant now,
            Set<String> ready,
            List<JobInfo> finished)
            throws SQLException {
        return switch (action) {
            case RETRY -> settlements.retryAll(tx, ids, now, ready);
            case CANCEL -> {
                JdbcTaskSettlements.Ended ended = settlements.cancelAll(tx, ids, reason, now);
                ready.addAll(ended.readyQueues());
                finished.addAll(ended.finishedJobs());
                yield ended.count();
            }
            case PARK -> JdbcTaskSettlements.parkAll(tx, TaskSelection.ids(ids));
            case UNPARK -> {
                Unparked unparked = JdbcTaskSettlements.unparkAll(tx, TaskSelection.ids(ids), now);
                ready.addAll(unparked.readyQueues());
                yield unparked.count();
            }
        };
    }

    @Override
    public Optional<BulkInfo> bulkStop(long id, BulkState state, String message, Instant now) {
        return db.write(tx -> {
            Optional<BulkInfo> stopped;
            try (ResultSet rs = tx.prepare("bulk_stop")
                    .set("state", state.wireName())
                    .set("now", now)
                    .set("message", message)
                    .set("id", id)
                    .query()) {
                stopped = rs.next() ? Optional.of(row(rs)) : Optional.empty();
            }
            if (stopped.isPresent()) {
                tx.prepare("bulk_forget_all").set("bulk_id", id).update();
            }
            return stopped;
        });
    }

    private static BulkInfo get(Tx tx, long id) throws SQLException {
        try (ResultSet rs = tx.prepare("bulk_get").set("id", id).query()) {
            rs.next();
            return row(rs);
        }
    }

    private static BulkInfo row(ResultSet rs) throws SQLException {
        return new BulkInfo(
                rs.getLong("id"),
                BulkAction.parse(rs.getString("action")),
                BulkState.parse(rs.getString("state")),
                rs.getString("actor"),
                rs.getString("owner"),
                rs.getLong("matched"),
                rs.getLong("processed"),
                rs.getLong("changed"),
                rs.getLong("skipped"),
                Rows.instant(rs, "created_at"),
                Rows.instant(rs, "finished_at"),
                rs.getString("message"));
    }
}
