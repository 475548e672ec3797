package dev.tide.core.store.jdbc;

import java.sql.SQLException;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Map;
import java.util.TreeMap;

/**
 * What one transaction adds to the hourly statistics ({@code tide_stats}), per task type, in the UTC hour of the
 * transaction's time. Written last in the transaction (see {@link #write}), so that its row locks, the only ones two
 * writers of statistics share, are taken after every task row's and in one order: by type.
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
    private final Map<String, long[]> byType = new TreeMap<>();

    StatsTally(Instant now) {
        this.hour = now.truncatedTo(ChronoUnit.HOURS);
    }

    void add(String type, Count count, long n) {
        if (n != 0) {
            byType.computeIfAbsent(type, t -> new long[Count.values().length])[count.ordinal()] += n;
        }
    }

    boolean isEmpty() {
        return byType.isEmpty();
    }

    /** Adds the counts to their rows: one upsert per type, into the writer's slot of the (type, hour). */
    void write(Tx tx, int slot) throws SQLException {
        for (Map.Entry<String, long[]> e : byType.entrySet()) {
            long[] c = e.getValue();
            tx.prepare("stats_add")
                    .set("task_type", e.getKey())
                    .set("hour_start", hour)
                    .set("slot", (long) slot)
                    .set("started", c[Count.STARTED.ordinal()])
                    .set("succeeded", c[Count.SUCCEEDED.ordinal()])
                    .set("failed", c[Count.FAILED.ordinal()])
                    .set("retried", c[Count.RETRIED.ordinal()])
                    .set("expired", c[Count.EXPIRED.ordinal()])
                    .set("units_used", c[Count.UNITS_USED.ordinal()])
                    .update();
        }
        byType.clear();
    }
}
