package dev.tide.core.store.jdbc;

import dev.tide.api.PendingLimitException;
import dev.tide.api.PendingLimitException.Bound;
import dev.tide.core.store.TaskRow;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Refuses rows that would take a bounded queue past one of its bounds on pending tasks, before they are inserted. The
 * counts read what is committed (plus this transaction's own rows): on PostgreSQL the caller holds the scope locks of
 * {@link #scopes} ({@link Dialect#lockScopes}), so no other enqueue that counts in the same scope is between its
 * count and its commit. Each
 * count stops at its bound, so it reads at most that many index entries.
 */
final class PendingLimits {
    private PendingLimits() {}

    /**
     * Adds the scopes an enqueue of {@code row} must lock for its queue's bounds: the queue itself when it has a bound
     * of its own (one lock then covers every count), else the row's owner and its key, so that enqueues for other
     * users or keys do not wait. Nothing for an unbounded queue.
     */
    static void scopes(TaskRow row, QueueRow queue, Set<String> scopes) {
        PendingBounds bounds = queue.bounds();
        if (bounds.perQueue() != null) {
            scopes.add("bound " + row.queue());
            return;
        }
        if (bounds.perUser() != null) {
            scopes.add("bound-user " + row.queue() + " " + row.owner().length() + ":" + row.owner());
        }
        if (bounds.perKey() != null && row.coalescingKey() != null) {
            scopes.add("bound-key " + keyScope(row));
        }
    }

    /** A row's queue, owner and coalescing key as one text (the owner's length keeps the parts apart). */
    static String keyScope(TaskRow row) {
        return row.queue() + " " + row.owner().length() + ":" + row.owner() + " " + row.coalescingKey();
    }

    /** Throws {@link PendingLimitException} when the rows do not fit under their queues' bounds. */
    static void check(Tx tx, List<TaskRow> rows, Map<String, QueueRow> queues) throws SQLException {
        Map<Scope, Integer> added = new LinkedHashMap<>();
        Map<String, Integer> userBounds = new HashMap<>();
        for (TaskRow row : rows) {
            PendingBounds bounds = queues.get(row.queue()).bounds();
            if (bounds.perQueue() != null) {
                added.merge(new Scope(Bound.QUEUE, bounds.perQueue(), row.queue(), null, null), 1, Integer::sum);
            }
            if (bounds.perUser() != null) {
                String user = row.queue() + " " + row.owner().length() + ":" + row.owner();
                Integer limit = userBounds.get(user);
                if (limit == null) {
                    limit = userBound(tx, row.queue(), row.owner(), bounds.perUser());
                    userBounds.put(user, limit);
                }
                added.merge(new Scope(Bound.USER, limit, row.queue(), null, row.owner()), 1, Integer::sum);
            }
            if (bounds.perKey() != null && row.coalescingKey() != null) {
                added.merge(
                        new Scope(Bound.KEY, bounds.perKey(), row.queue(), row.coalescingKey(), row.owner()),
                        1,
                        Integer::sum);
            }
        }
        for (Map.Entry<Scope, Integer> e : added.entrySet()) {
            Scope scope = e.getKey();
            if (scope.pending(tx) + e.getValue() > scope.limit()) {
                throw new PendingLimitException(scope.bound(), scope.limit(), scope.queue(), scope.key(), scope.user());
            }
        }
    }

    /** The user's own bound in the queue (seed 004's per-depositor limit), else the queue's per-user bound. */
    private static int userBound(Tx tx, String queue, String owner, int queueBound) throws SQLException {
        try (ResultSet rs = tx.prepare("user_max_pending")
                .set("queue", queue)
                .set("owner", owner)
                .query()) {
            return rs.next() ? rs.getInt("max_pending") : queueBound;
        }
    }

    /** One bound of one queue, and whose pending tasks it counts. */
    private record Scope(Bound bound, int limit, String queue, String key, String user) {
        long pending(Tx tx) throws SQLException {
            Statement count = switch (bound) {
                case QUEUE -> tx.prepare("pending_count_queue");
                case USER -> tx.prepare("pending_count_user").set("owner", user);
                case KEY -> tx.prepare("pending_count_key").set("owner", user).set("coalescing_key", key);
                case ACCOUNT -> throw new IllegalStateException("a user's own limit spans queues: OwnerAdmission");
            };
            try (ResultSet rs =
                    count.set("queue", queue).set("limit", (long) limit).query()) {
                rs.next();
                return rs.getLong("n");
            }
        }
    }
}
