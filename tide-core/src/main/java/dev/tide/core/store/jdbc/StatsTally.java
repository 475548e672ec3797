package dev.tide.core.store.jdbc;

import java.sql.SQLException;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Map;
import java.util.TreeMap;

/**
 * What one transaction adds to the hourly statistics ({@code tide_stats}), per task type and queue, in the UTC hour of
 * the transaction's time. Written last in the transaction (see {@link #write}), so that its row locks, the only ones
 * two writers of statistics share, are taken after every task row's and in one order: by type, then queue.
 */
final class StatsTally {
    enum Count {
        STARTED,
        SUCCEEDED,
        FAILED,
        RETRIED,
        EXPIRED,
        UNITS_USED
    }

    private final Instant hour;
    /** The counts by type, then queue. */
    private final Map<String, Map<String, long[]>> byType = new TreeMap<>();

    StatsTally(Instant now) {
        this.hour = now.truncatedTo(ChronoUnit.HOURS);
    }

    void add(String type, String queue, Count count, long n) {
        if (n != 0) {
            byType.computeIfAbsent(type, t -> new TreeMap<>())
                    .computeIfAbsent(queue, q -> new long[Count.values().length])[count.ordinal()] += n;
        }
    }

    boolean isEmpty() {
        return byType.isEmpty();
    }

    /** Adds the counts to their rows: one upsert per type and queue, into the writer's slot of the (type, hour, queue). */
    void write(Tx tx, int slot) throws SQLException {
        for (Map.Entry<String, Map<String, long[]>> type : byType.entrySet()) {
            for (Map.Entry<String, long[]> queue : type.getValue().entrySet()) {
                write(tx, slot, type.getKey(), queue.getKey(), queue.getValue());
            }
        }
        byType.clear();
    }

    private void write(Tx tx, int slot, String type, String queue, long[] c) throws SQLException {
        tx.prepare("stats_add")
                .set("task_type", type)
                .set("hour_start", hour)
                .set("queue", queue)
                .set("slot", (long) slot)
                .set("started", c[Count.STARTED.ordinal()])
                .set("succeeded", c[Count.SUCCEEDED.ordinal()])
                .set("failed", c[Count.FAILED.ordinal()])
                .set("retried", c[Count.RETRIED.ordinal()])
                .set("expired", c[Count.EXPIRED.ordinal()])
                .set("units_used", c[Count.UNITS_USED.ordinal()])
                .update();
    }
}
