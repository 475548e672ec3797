package dev.tide.core.store.jdbc;

import dev.tide.api.PendingLimitException;
import dev.tide.api.SubmitRateException;
import dev.tide.core.store.TaskRow;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Refuses rows that would take a user past its pending limit across every queue, or past its submissions this minute,
 * inside the inserting transaction. The pending count runs under the user's scope lock ({@link Dialect#lockScopes},
 * on PostgreSQL), and the minute's count is an upsert that only adds while within the limit, so both hold however many
 * nodes enqueue for the user at once. Tasks without an owner are not limited.
 */
final class OwnerAdmission {
    private OwnerAdmission() {}

    /** Locks the scopes the check needs; a store whose writes are serial has nothing to lock. */
    @FunctionalInterface
    interface ScopeLocks {
        void lock(List<String> scopes) throws SQLException;
    }

    static void check(Tx tx, List<TaskRow> rows, OwnerLimits limits, ScopeLocks locks) throws SQLException {
        Map<String, Integer> added = new TreeMap<>(); // sorted: nodes lock users in one order
        Instant at = null;
        for (TaskRow row : rows) {
            if (!row.owner().isEmpty()) {
                added.merge(row.owner(), 1, Integer::sum);
                at = row.createdAt();
            }
        }
        List<String> scopes = new ArrayList<>();
        for (String owner : added.keySet()) {
            if (limits.pending(owner) != null) {
                scopes.add("owner-pending " + owner);
            }
        }
        if (!scopes.isEmpty()) {
            locks.lock(scopes);
        }
        for (Map.Entry<String, Integer> e : added.entrySet()) {
            String owner = e.getKey();
            int count = e.getValue();
            Integer pending = limits.pending(owner);
            if (pending != null && pending(tx, owner, pending) + count > pending) {
                throw new PendingLimitException(PendingLimitException.Bound.ACCOUNT, pending, null, null, owner);
            }
            Integer perMinute = limits.perMinute(owner);
            if (perMinute != null) {
                countSubmissions(tx, owner, count, perMinute, at);
            }
        }
    }

    private static long pending(Tx tx, String owner, int limit) throws SQLException {
        try (ResultSet rs = tx.prepare("owner_pending_count")
                .set("owner", owner)
                .set("limit", (long) limit)
                .query()) {
            rs.next();
            return rs.getLong("n");
        }
    }

    private static void countSubmissions(Tx tx, String owner, int count, int limit, Instant at) throws SQLException {
        Instant minute = at.truncatedTo(ChronoUnit.MINUTES);
        int retryAfter = (int) Math.max(1, 60 - (at.getEpochSecond() - minute.getEpochSecond()));
        if (count > limit) {
            throw new SubmitRateException(owner, limit, retryAfter);
        }
        try (ResultSet rs = tx.prepare("owner_minute_add")
                .set("owner", owner)
                .set("minute_start", minute)
                .set("added", (long) count)
                .set("limit", (long) limit)
                .query()) {
            if (!rs.next()) {
                throw new SubmitRateException(owner, limit, retryAfter);
            }
        }
    }
}
