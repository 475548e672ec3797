package dev.tide.core.store.jdbc;

import java.sql.ResultSet;
import java.sql.SQLException;

/**
 * A queue's bounds on pending (ready or scheduled) tasks, as its row holds them; null for no bound.
 *
 * @param perKey per coalescing key of one owner
 * @param perUser per owner
 */
record PendingBounds(Integer perQueue, Integer perKey, Integer perUser) {
    static final PendingBounds NONE = new PendingBounds(null, null, null);

    static PendingBounds read(ResultSet rs) throws SQLException {
        return new PendingBounds(
                Rows.nullableInt(rs, "max_pending"),
                Rows.nullableInt(rs, "max_pending_per_key"),
                Rows.nullableInt(rs, "max_pending_per_user"));
    }

    /** Whether the queue has any bound, and so counts at each enqueue. */
    boolean any() {
        return perQueue != null || perKey != null || perUser != null;
    }
}
