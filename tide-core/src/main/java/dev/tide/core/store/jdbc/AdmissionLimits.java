package dev.tide.core.store.jdbc;

import java.sql.SQLException;

/**
 * The users' admission limits as enqueues check them, read again once a second (or at once after a change through
 * this node): a limit set through another node applies here within a second.
 */
final class AdmissionLimits {
    private static final long FRESHNESS_NANOS = 1_000_000_000L;
    private volatile OwnerLimits limits;
    private volatile long readAt;

    OwnerLimits current(Tx tx) throws SQLException {
        OwnerLimits now = limits;
        if (now == null || System.nanoTime() - readAt > FRESHNESS_NANOS) {
            now = OwnerLimits.read(tx);
            readAt = System.nanoTime();
            limits = now;
        }
        return now;
    }

    /** After a change of limits through this node: the next enqueue reads them again. */
    void forget() {
        limits = null;
    }
}
