package dev.tide.core.store.sqlite;

import dev.tide.api.TaskState;
import dev.tide.api.json.Json;
import dev.tide.core.store.Settlement;
import dev.tide.core.store.jdbc.JdbcStore.SettledRow;
import dev.tide.core.store.jdbc.Tx;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Acknowledgements of any kind in one statement on SQLite: the settlements go in as one JSON array, read back with
 * {@code json_each}. The database is in-process, so this saves no round trips; it saves binding, stepping and
 * resetting one statement per row on the single writer thread.
 */
final class SqliteBulk {
    private SqliteBulk() {}

    /** The compare-and-set of every settlement, whose task ids are distinct; answers in order, null where lost. */
    static List<SettledRow> settle(Tx tx, List<Settlement> settlements, Instant now) throws SQLException {
        Map<Long, Integer> positions = new HashMap<>();
        List<Object[]> json = new ArrayList<>(settlements.size());
        for (Settlement s : settlements) {
            positions.put(s.taskId(), json.size());
            json.add(row(s));
        }
        SettledRow[] rows = new SettledRow[settlements.size()];
        try (ResultSet rs = tx.prepare("sqlite_task_settle_many")
                .set("now", now)
                .set("settlements", Json.write(json))
                .query()) {
            while (rs.next()) {
                rows[positions.get(rs.getLong("id"))] = SettledRow.read(rs);
            }
        }
        return Arrays.asList(rows);
    }

    /** [id, token, state, outcome, result, message, run_at, refund], as sqlite_task_settle_many reads it. */
    private static Object[] row(Settlement s) {
        boolean finish = s.target() == TaskState.FINISHED;
        return new Object[] {
            s.taskId(),
            s.token(),
            s.target().wireName(),
            finish ? s.outcome().wireName() : null,
            finish ? s.result() : null,
            s.message(),
            finish ? null : s.runAt().toEpochMilli(),
            s.refundAttempt() ? 1 : 0
        };
    }
}
