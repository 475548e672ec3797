package dev.tide.core.store.jdbc;

import dev.tide.api.Discipline;
import dev.tide.core.dispatch.DispatchKey;
import java.sql.ResultSet;
import java.sql.SQLException;

/**
 * A queue's row as a claim or an insert needs it, read in that transaction itself so that no node acts on a
 * definition it has not seen. A queue without a row serves in priority order with the default shares.
 *
 * @param clock the race clock: a roulette queue's last drawn key, a fair queue's largest pass served
 * @param bounds its bounds on pending tasks
 */
record QueueRow(
        Discipline discipline,
        boolean suspended,
        double clock,
        int defaultAllocation,
        Integer defaultConcurrency,
        PendingBounds bounds) {

    static QueueRow read(Tx tx, String queue) throws SQLException {
        try (ResultSet rs = tx.prepare("queue_get").set("name", queue).query()) {
            if (!rs.next()) {
                return new QueueRow(Discipline.PRIORITY, false, 0, 1, null, PendingBounds.NONE);
            }
            Integer defaultConcurrency = Rows.nullableInt(rs, "default_concurrency");
            return new QueueRow(
                    Discipline.parse(rs.getString("discipline")),
                    rs.getInt("suspended") != 0,
                    DispatchKey.racePosition(rs.getBytes("race_clock")),
                    rs.getInt("default_allocation"),
                    defaultConcurrency,
                    PendingBounds.read(rs));
        }
    }
}
