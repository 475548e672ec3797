package dev.tide.core.store.sqlite;

import dev.tide.api.TaskState;
import dev.tide.api.json.Json;
import dev.tide.core.store.Settlement;
import dev.tide.core.store.TaskRow;
import dev.tide.core.store.jdbc.Placement;
import dev.tide.core.store.jdbc.PlainRows;
import dev.tide.core.store.jdbc.SettledRow;
import dev.tide.core.store.jdbc.Statement;
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

    /**
     * One JDBC batch with ids chosen here, rather than one statement per row answering its id: sqlite-jdbc runs a batch
     * in one native call, which halves the writer's time per inserted task.
     */
    static List<Long> insertTasks(Tx tx, List<TaskRow> rows, List<Placement> placements) throws SQLException {
        long first;
        try (ResultSet rs = tx.prepare("sqlite_task_next_id").query()) {
            rs.next();
            first = rs.getLong(1);
        }
        // rows that use no capability's column bind only the columns every task has, and keep the others' defaults
        boolean plain = PlainRows.all(rows, placements);
        Statement insert = tx.prepare(plain ? "sqlite_task_insert_plain" : "sqlite_task_insert_with_id");
        for (int i = 0; i < rows.size(); i++) {
            TaskRow row = rows.get(i);
            Placement placement = placements.get(i);
            insert.set("id", first + i)
                    .set("queue", row.queue())
                    .set("type", row.type())
                    .set("owner", row.owner())
                    .set("payload", row.storedPayload())
                    .set("payload_bytes", (long) row.payloadBytes())
                    .set("priority", (long) row.priority())
                    .set("dispatch_key", placement.key())
                    .set("run_at", row.runAt())
                    .set("state", row.initialState().wireName())
                    .set("max_attempts", (long) row.maxAttempts())
                    .set("lease_ms", row.leaseMillis())
                    .set("created_at", row.createdAt());
            if (!plain) {
                bindCapabilityColumns(insert, row, placement);
            }
            insert.addBatch();
        }
        int[] inserted = insert.executeBatch();
        List<Long> ids = new ArrayList<>(rows.size());
        for (int i = 0; i < rows.size(); i++) {
            ids.add(inserted[i] > 0 ? first + i : null);
        }
        return ids;
    }

    /** The columns the capabilities added to a task (job, blob, weight, fairness, deadline, keys, units...). */
    private static void bindCapabilityColumns(Statement insert, TaskRow row, Placement placement) throws SQLException {
        insert.set("job_id", row.jobId())
                .set("blob_store", row.blob() == null ? null : row.blob().store())
                .set("blob_key", row.blob() == null ? null : row.blob().key())
                .set("blob_sha256", row.blob() == null ? null : row.blob().sha256())
                .set("weight", row.weight())
                .set("fair", placement.fair() ? 1L : 0L)
                .set("deadline", row.deadline())
                .set("idempotency_key", row.idempotencyKey())
                .set("expires_at", row.expiresAt())
                .set("run_anyway", row.dependencies().runAnyway() ? 1L : 0L)
                .set("coalescing_key", row.coalescingKey())
                .set("bounded", placement.bounded() ? 1L : 0L)
                .set("job_type", row.jobType())
                .set("units", (long) row.units())
                .set("divisible", row.divisible() ? 1L : 0L);
    }
}
