package dev.tide.core.store.sqlite;

import dev.tide.api.Outcome;
import dev.tide.api.TaskState;
import dev.tide.api.json.Json;
import dev.tide.core.store.Settlement;
import dev.tide.core.store.jdbc.JdbcStore.SettledRow;
import dev.tide.core.store.jdbc.Rows;
import dev.tide.core.store.jdbc.Statement;
import dev.tide.core.store.jdbc.Tx;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Statements that write many rows at once on SQLite: the rows go in as one JSON array, read back with
 * {@code json_each}. The database is in-process, so this saves no round trips; it saves binding, stepping and resetting
 * one statement per row, which is most of what the single writer thread would otherwise spend on an acknowledgement.
 */
final class SqliteBulk {
    private SqliteBulk() {}

    /** Tasks of one claim that end with one outcome and say nothing more: one short statement for all of them. */
    private record PlainFinish(String token, Outcome outcome) {
        static PlainFinish of(Settlement s) {
            boolean plain = s.target() == TaskState.FINISHED && s.result() == null && s.message() == null;
            return plain ? new PlainFinish(s.token(), s.outcome()) : null;
        }
    }

    /**
     * The compare-and-set of every settlement, whose task ids are distinct: plain finishes grouped by lease token and
     * outcome (an acknowledgement batch holds the tasks of a few claims, each claim one token), the rest in one
     * general statement. The answer follows the settlements' order; null where the lease was lost.
     */
    static List<SettledRow> settle(Tx tx, List<Settlement> settlements, Instant now) throws SQLException {
        Map<Long, Integer> positions = new HashMap<>();
        Map<PlainFinish, List<Long>> plain = new LinkedHashMap<>();
        List<Object[]> general = new ArrayList<>();
        for (int i = 0; i < settlements.size(); i++) {
            Settlement s = settlements.get(i);
            positions.put(s.taskId(), i);
            PlainFinish group = PlainFinish.of(s);
            if (group != null) {
                plain.computeIfAbsent(group, g -> new ArrayList<>()).add(s.taskId());
            } else {
                general.add(generalRow(s));
            }
        }
        SettledRow[] rows = new SettledRow[settlements.size()];
        for (Map.Entry<PlainFinish, List<Long>> group : plain.entrySet()) {
            collect(
                    tx.prepare("sqlite_task_finish_many")
                            .set("outcome", group.getKey().outcome().wireName())
                            .set("now", now)
                            .setLongs("ids", group.getValue())
                            .set("token", group.getKey().token()),
                    positions,
                    rows);
        }
        if (!general.isEmpty()) {
            collect(
                    tx.prepare("sqlite_task_settle_many").set("now", now).set("settlements", Json.write(general)),
                    positions,
                    rows);
        }
        return Arrays.asList(rows);
    }

    /** [id, token, state, outcome, result, message, run_at, refund], as sqlite_task_settle_many reads it. */
    private static Object[] generalRow(Settlement s) {
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

    private static void collect(Statement statement, Map<Long, Integer> positions, SettledRow[] rows)
            throws SQLException {
        try (ResultSet rs = statement.query()) {
            while (rs.next()) {
                rows[positions.get(rs.getLong("id"))] =
                        new SettledRow(Rows.nullableLong(rs, "job_id"), rs.getString("queue"));
            }
        }
    }
}
