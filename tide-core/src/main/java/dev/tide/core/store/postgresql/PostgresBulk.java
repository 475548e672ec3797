package dev.tide.core.store.postgresql;

import dev.tide.api.Lease;
import dev.tide.api.TaskState;
import dev.tide.core.store.LeaseExtension;
import dev.tide.core.store.Settlement;
import dev.tide.core.store.TaskRow;
import dev.tide.core.store.jdbc.Placement;
import dev.tide.core.store.jdbc.PlainRows;
import dev.tide.core.store.jdbc.Rows;
import dev.tide.core.store.jdbc.SettledRow;
import dev.tide.core.store.jdbc.Statement;
import dev.tide.core.store.jdbc.Tx;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Statements that write many rows in one round trip: every column goes in as one array, {@code unnest} turns the
 * arrays back into rows, and each answer row carries its input's 1-based ordinal so results map back to the caller's
 * order exactly. Over a network, one statement per row would cost one round trip per row.
 */
final class PostgresBulk {
    private PostgresBulk() {}

    /**
     * Inserts the rows; their ids in order, null where the idempotency key was taken. Rows that use no capability's
     * column ({@link PlainRows}) bind only the arrays of the columns every task has, and keep the others' defaults.
     */
    static List<Long> insertTasks(Tx tx, List<TaskRow> rows, List<Placement> placements) throws SQLException {
        boolean plain = PlainRows.all(rows, placements);
        Statement st = tx.prepare(plain ? "task_insert_plain" : "task_insert_many");
        bindEveryTasksColumns(st, rows, placements);
        if (!plain) {
            bindCapabilityColumns(st, rows, placements);
        }
        return insertedIds(st, rows.size());
    }

    private static void bindEveryTasksColumns(Statement st, List<TaskRow> rows, List<Placement> placements)
            throws SQLException {
        int n = rows.size();
        String[] queues = new String[n];
        String[] types = new String[n];
        String[] owners = new String[n];
        String[] payloads = new String[n];
        Integer[] payloadBytes = new Integer[n];
        Integer[] priorities = new Integer[n];
        byte[][] dispatchKeys = new byte[n][];
        Long[] runAts = new Long[n];
        String[] states = new String[n];
        Integer[] maxAttempts = new Integer[n];
        Long[] leaseMillis = new Long[n];
        Long[] createdAts = new Long[n];
        for (int i = 0; i < n; i++) {
            TaskRow row = rows.get(i);
            queues[i] = row.queue();
            types[i] = row.type();
            owners[i] = row.owner();
            payloads[i] = row.storedPayload();
            payloadBytes[i] = row.payloadBytes();
            priorities[i] = row.priority();
            dispatchKeys[i] = placements.get(i).key();
            runAts[i] = millis(row.runAt());
            states[i] = row.initialState().wireName();
            maxAttempts[i] = row.maxAttempts();
            leaseMillis[i] = row.leaseMillis();
            createdAts[i] = millis(row.createdAt());
        }
        st.setArray("queues", "text", queues)
                .setArray("types", "text", types)
                .setArray("owners", "text", owners)
                .setArray("payloads", "text", payloads)
                .setArray("payload_bytes", "int4", payloadBytes)
                .setArray("priorities", "int4", priorities)
                .setArray("dispatch_keys", "bytea", dispatchKeys)
                .setArray("run_ats", "int8", runAts)
                .setArray("states", "text", states)
                .setArray("max_attempts", "int4", maxAttempts)
                .setArray("lease_mss", "int8", leaseMillis)
                .setArray("created_ats", "int8", createdAts);
    }

    /** The columns the capabilities added to a task (job, blob, weight, fairness, deadline, keys, units...). */
    private static void bindCapabilityColumns(Statement st, List<TaskRow> rows, List<Placement> placements)
            throws SQLException {
        int n = rows.size();
        Long[] jobIds = new Long[n];
        String[] blobStores = new String[n];
        String[] blobKeys = new String[n];
        String[] blobSha256s = new String[n];
        Double[] weights = new Double[n];
        Integer[] fair = new Integer[n];
        Long[] deadlines = new Long[n];
        String[] idempotencyKeys = new String[n];
        Long[] expiresAts = new Long[n];
        Integer[] runAnyways = new Integer[n];
        String[] coalescingKeys = new String[n];
        Integer[] boundeds = new Integer[n];
        String[] jobTypes = new String[n];
        Integer[] units = new Integer[n];
        Integer[] divisibles = new Integer[n];
        for (int i = 0; i < n; i++) {
            TaskRow row = rows.get(i);
            jobIds[i] = row.jobId();
            if (row.blob() != null) {
                blobStores[i] = row.blob().store();
                blobKeys[i] = row.blob().key();
                blobSha256s[i] = row.blob().sha256();
            }
            weights[i] = row.weight();
            fair[i] = placements.get(i).fair() ? 1 : 0;
            deadlines[i] = millis(row.deadline());
            idempotencyKeys[i] = row.idempotencyKey();
            expiresAts[i] = millis(row.expiresAt());
            runAnyways[i] = row.dependencies().runAnyway() ? 1 : 0;
            coalescingKeys[i] = row.coalescingKey();
            boundeds[i] = placements.get(i).bounded() ? 1 : 0;
            jobTypes[i] = row.jobType();
            units[i] = row.units();
            divisibles[i] = row.divisible() ? 1 : 0;
        }
        st.setArray("job_ids", "int8", jobIds)
                .setArray("blob_stores", "text", blobStores)
                .setArray("blob_keys", "text", blobKeys)
                .setArray("blob_sha256s", "text", blobSha256s)
                .setArray("weights", "float8", weights)
                .setArray("fairs", "int2", fair)
                .setArray("deadlines", "int8", deadlines)
                .setArray("idempotency_keys", "text", idempotencyKeys)
                .setArray("expires_ats", "int8", expiresAts)
                .setArray("run_anyways", "int2", runAnyways)
                .setArray("coalescing_keys", "text", coalescingKeys)
                .setArray("boundeds", "int2", boundeds)
                .setArray("job_types", "text", jobTypes)
                .setArray("unitss", "int4", units)
                .setArray("divisibles", "int2", divisibles);
    }

    /** The ids a bulk insert answers by input position ({@code ord}); null where an idempotency key was taken. */
    private static List<Long> insertedIds(Statement st, int n) throws SQLException {
        Long[] ids = new Long[n];
        try (ResultSet rs = st.query()) {
            while (rs.next()) {
                ids[(int) rs.getLong("ord") - 1] = Rows.nullableLong(rs, "id");
            }
        }
        return Arrays.asList(ids);
    }

    /**
     * The compare-and-set of every settlement in one statement. The task ids must be distinct; rows are locked in
     * ascending id order, the same order any other bulk settlement locks them in, so two never deadlock.
     */
    static List<SettledRow> settle(Tx tx, List<Settlement> settlements, Instant now) throws SQLException {
        int n = settlements.size();
        Integer[] byId = new Integer[n];
        for (int i = 0; i < n; i++) {
            byId[i] = i;
        }
        Arrays.sort(byId, Comparator.comparingLong(i -> settlements.get(i).taskId()));
        Long[] ids = new Long[n];
        String[] tokens = new String[n];
        String[] states = new String[n];
        String[] outcomes = new String[n];
        String[] results = new String[n];
        String[] messages = new String[n];
        Long[] runAts = new Long[n];
        Integer[] refunds = new Integer[n];
        for (int k = 0; k < n; k++) {
            Settlement s = settlements.get(byId[k]);
            ids[k] = s.taskId();
            tokens[k] = s.token();
            states[k] = s.target().wireName();
            boolean finish = s.target() == TaskState.FINISHED;
            outcomes[k] = finish ? s.outcome().wireName() : null;
            results[k] = finish ? s.result() : null;
            messages[k] = s.message();
            runAts[k] = finish ? null : millis(s.runAt());
            refunds[k] = s.refundAttempt() ? 1 : 0;
        }
        Statement st = tx.prepare("task_settle_many")
                .set("now", now)
                .setArray("ids", "int8", ids)
                .setArray("tokens", "text", tokens)
                .setArray("states", "text", states)
                .setArray("outcomes", "text", outcomes)
                .setArray("results", "text", results)
                .setArray("messages", "text", messages)
                .setArray("run_ats", "int8", runAts)
                .setArray("refunds", "int4", refunds);
        SettledRow[] rows = new SettledRow[n];
        try (ResultSet rs = st.query()) {
            while (rs.next()) {
                int k = (int) rs.getLong("ord") - 1;
                rows[byId[k]] = SettledRow.read(rs);
            }
        }
        return Arrays.asList(rows);
    }

    /** Extends the leases still held; the answer follows the request's order. */
    static List<Lease> extendLeases(Tx tx, LeaseExtension extension) throws SQLException {
        List<LeaseExtension.LeaseRef> refs = extension.leases();
        Long[] ids = new Long[refs.size()];
        String[] tokens = new String[refs.size()];
        for (int i = 0; i < refs.size(); i++) {
            ids[i] = refs.get(i).taskId();
            tokens[i] = refs.get(i).token();
        }
        Map<LeaseExtension.LeaseRef, Lease> held = new HashMap<>();
        try (ResultSet rs = tx.prepare("task_lease_extend_many")
                .set("now", extension.now())
                .set("lease_ms", extension.leaseMillis())
                .setArray("ids", "int8", ids)
                .setArray("tokens", "text", tokens)
                .query()) {
            while (rs.next()) {
                Lease lease = new Lease(
                        rs.getLong("id"),
                        rs.getString("lease_owner"),
                        rs.getString("lease_token"),
                        Rows.instant(rs, "lease_expires_at"),
                        Duration.ofMillis(rs.getLong("granted_ms")));
                held.put(new LeaseExtension.LeaseRef(lease.taskId(), lease.token()), lease);
            }
        }
        List<Lease> out = new ArrayList<>(held.size());
        for (LeaseExtension.LeaseRef ref : refs) {
            Lease lease = held.get(ref);
            if (lease != null) {
                out.add(lease);
            }
        }
        return out;
    }

    private static Long millis(Instant instant) {
        return instant == null ? null : instant.toEpochMilli();
    }
}
