package dev.tide.core.store.jdbc;

import dev.tide.core.dispatch.DispatchKey;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.function.DoubleSupplier;

/**
 * Gives the tasks waiting in queues whose discipline changed their place in the new order, a batch at a time, every
 * such queue in turn: one still within its grace period (watching for enqueues that raced the change) does not hold
 * up the others.
 */
final class Rekeying {
    private record Pending(String queue, long afterId, long changedAt) {}

    private Rekeying() {}

    /** Re-keys up to {@code limit} tasks across the pending queues; returns how many. */
    static int run(Tx tx, int limit, Instant settledBefore, DoubleSupplier raceDraws) throws SQLException {
        List<Pending> pending = new ArrayList<>();
        try (ResultSet rs = tx.prepare("queue_rekey_pending").query()) {
            while (rs.next()) {
                pending.add(new Pending(rs.getString("name"), rs.getLong("rekey_after_id"), rs.getLong("changed_at")));
            }
        }
        int rekeyed = 0;
        for (Pending queue : pending) {
            if (rekeyed >= limit) {
                break;
            }
            rekeyed += rekey(tx, queue, limit - rekeyed, settledBefore, raceDraws);
        }
        return rekeyed;
    }

    private static int rekey(Tx tx, Pending queue, int limit, Instant settledBefore, DoubleSupplier raceDraws)
            throws SQLException {
        QueueRow order = QueueRow.read(tx, queue.queue());
        Statement rekey = tx.prepare("task_rekey");
        long after = queue.afterId();
        int rekeyed = 0;
        try (ResultSet rs = tx.prepare("task_rekey_candidates")
                .set("late_lane", DispatchKey.LATE_LANE)
                .set("queue", queue.queue())
                .set("after_id", after)
                .set("limit", (long) limit)
                .query()) {
            while (rs.next()) {
                after = rs.getLong("id");
                Placement placement = Placement.of(
                        order,
                        rs.getString("owner"),
                        rs.getInt("job_priority"),
                        Rows.instant(rs, "job_deadline"),
                        rs.getInt("priority"),
                        Rows.instant(rs, "deadline"),
                        raceDraws.getAsDouble() / rs.getDouble("weight"),
                        rs.getInt("job_late") != 0);
                rekey.set("id", after)
                        .set("dispatch_key", placement.key())
                        .set("fair", placement.fair() ? 1L : 0L)
                        .addBatch();
                rekeyed++;
            }
        }
        if (rekeyed > 0) {
            rekey.executeBatch();
        }
        boolean done = rekeyed < limit && queue.changedAt() < settledBefore.toEpochMilli();
        tx.prepare("queue_rekey_progress")
                .set("name", queue.queue())
                .set("after_id", done ? null : (Long) after)
                .set("changed_at", queue.changedAt())
                .update();
        return rekeyed;
    }
}
