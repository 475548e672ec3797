package dev.tide.core.store.jdbc;

import dev.tide.core.store.TaskRow;
import java.util.List;

/**
 * Whether an insert uses none of the columns the capabilities add (job, blob, deadline, expiry, idempotency and
 * coalescing keys, dependencies that run anyway, bounds, fairness, a weight, profile units): such rows go in through
 * the dialect's plain statement, which binds only the columns every task has and leaves the rest to their defaults.
 * Binding two dozen parameters a task does not use was the larger part of an enqueue's cost on SQLite.
 */
public final class PlainRows {
    private PlainRows() {}

    public static boolean all(List<TaskRow> rows, List<Placement> placements) {
        for (int i = 0; i < rows.size(); i++) {
            if (!plain(rows.get(i), placements.get(i))) {
                return false;
            }
        }
        return true;
    }

    private static boolean plain(TaskRow row, Placement placement) {
        return row.jobId() == null
                && row.blob() == null
                && row.deadline() == null
                && row.expiresAt() == null
                && row.idempotencyKey() == null
                && row.coalescingKey() == null
                && !row.dependencies().runAnyway()
                && row.jobType() == null
                && row.units() == 1
                && !row.divisible()
                && row.weight() == 1.0
                && !placement.fair()
                && !placement.bounded();
    }
}
