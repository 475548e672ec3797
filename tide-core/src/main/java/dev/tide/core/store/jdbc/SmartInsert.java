package dev.tide.core.store.jdbc;

import dev.tide.api.Coalescing;
import dev.tide.api.ConflictException;
import dev.tide.api.Outcome;
import dev.tide.api.TaskInfo;
import dev.tide.core.blob.Sha256;
import dev.tide.core.store.TaskRow;
import java.nio.charset.StandardCharsets;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeSet;

/**
 * Inserts a batch of task rows the smart-queue way (seed 002): rows go in in order, each bounded queue's bounds are
 * checked before its rows are written ({@link PendingLimits}), and a row with a coalescing rule first meets the pending
 * tasks with its key, which its rule may supersede, merge into, neutralize or leave be. Runs of rows without a rule go
 * in together, in one bulk statement; a row with a rule goes alone, after everything before it, so that it meets an
 * earlier row of its own batch as pending.
 *
 * <p>A refusal (a bound reached, an idempotency conflict) throws, and the caller's transaction writes nothing.
 */
final class SmartInsert {
    /** How many pending tasks with one key an in-process check is offered at most; a policy needs only the oldest. */
    static final int MAX_CHECKED = 1_000;

    /** Writes rows as the dialect does: their ids in order, null where the idempotency key was taken. */
    @FunctionalInterface
    interface RowWriter {
        List<Long> write(List<TaskRow> rows, List<Placement> placements) throws SQLException;
    }

    /**
     * What became of one row.
     *
     * @param task the task the enqueue answers when it is not simply the row as inserted (an existing task, or the
     *     newcomer already neutralized); null otherwise
     * @param queued whether the row waits in its queue as inserted (false: ended at once, or not stored)
     */
    record Slot(long id, TaskInfo task, boolean created, boolean queued) {}

    private final Tx tx;
    private final List<TaskRow> rows;
    private final List<Placement> placements;
    private final Map<String, QueueRow> queues;
    private final boolean enforceBounds;
    private final RowWriter writer;
    private final Slot[] slots;
    private final List<SettledRow> ended = new ArrayList<>();
    private final Map<Outcome, List<Long>> endedWithDependents = new LinkedHashMap<>();

    private SmartInsert(
            Tx tx,
            List<TaskRow> rows,
            List<Placement> placements,
            Map<String, QueueRow> queues,
            boolean enforceBounds,
            RowWriter writer) {
        this.tx = tx;
        this.rows = rows;
        this.placements = placements;
        this.queues = queues;
        this.enforceBounds = enforceBounds;
        this.writer = writer;
        this.slots = new Slot[rows.size()];
    }

    /** The scopes an insert of these rows must hold, sorted (the order every transaction takes them in). */
    static List<String> scopes(List<TaskRow> rows, Map<String, QueueRow> queues) {
        TreeSet<String> scopes = new TreeSet<>();
        for (TaskRow row : rows) {
            PendingLimits.scopes(row, queues.get(row.queue()), scopes);
            if (row.coalesces()) {
                scopes.add("key " + PendingLimits.keyScope(row));
            }
        }
        return List.copyOf(scopes);
    }

    /** Whether these rows need more than one bulk insert: a rule to apply, or a bound to check. */
    static boolean needed(List<TaskRow> rows, Map<String, QueueRow> queues) {
        for (TaskRow row : rows) {
            if (row.coalesces() || queues.get(row.queue()).bounds().any()) {
                return true;
            }
        }
        return false;
    }

    /**
     * Inserts the rows (checking the bounds unless told not to); answers a slot per row in order, and adds to {@code ended} the pending tasks (and neutralized
     * newcomers) that ended, whose jobs count them as cancelled.
     */
    static List<Slot> run(
            Tx tx,
            List<TaskRow> rows,
            List<Placement> placements,
            Map<String, QueueRow> queues,
            boolean enforceBounds,
            RowWriter writer,
            List<SettledRow> ended,
            Map<Outcome, List<Long>> endedWithDependents)
            throws SQLException {
        SmartInsert insert = new SmartInsert(tx, rows, placements, queues, enforceBounds, writer);
        int runStart = 0;
        for (int i = 0; i < rows.size(); i++) {
            if (rows.get(i).coalesces()) {
                insert.plain(runStart, i);
                insert.slots[i] = insert.coalesce(i);
                runStart = i + 1;
            }
        }
        insert.plain(runStart, rows.size());
        ended.addAll(insert.ended);
        insert.endedWithDependents.forEach((outcome, ids) -> endedWithDependents
                .computeIfAbsent(outcome, k -> new ArrayList<>())
                .addAll(ids));
        return Arrays.asList(insert.slots);
    }

    /** Rows {@code from} (inclusive) to {@code to} (exclusive), which meet no pending task: checked, then written. */
    private void plain(int from, int to) throws SQLException {
        if (from == to) {
            return;
        }
        List<TaskRow> run = rows.subList(from, to);
        if (enforceBounds) {
            PendingLimits.check(tx, run, queues);
        }
        List<Long> ids = writer.write(run, placements.subList(from, to));
        for (int i = from; i < to; i++) {
            Long id = ids.get(i - from);
            slots[i] = id != null ? new Slot(id, null, true, true) : existing(existingFor(tx, rows.get(i)));
        }
    }

    private Slot coalesce(int i) throws SQLException {
        TaskRow row = rows.get(i);
        if (row.idempotencyKey() != null) {
            TaskInfo same = byIdempotencyKey(tx, row);
            if (same != null) {
                return existing(checkedSame(same, row));
            }
        }
        TaskInfo incoming = Rows.fresh(row, 0);
        TaskInfo met = null;
        Coalescing decision = Coalescing.KEEP;
        int limit = row.coalescing().check() == null ? 1 : MAX_CHECKED;
        for (TaskInfo pending : pendingWithKey(row, limit)) {
            decision = row.coalescing().decide(pending, incoming);
            if (decision != Coalescing.KEEP) {
                met = pending;
                break;
            }
        }
        return switch (decision) {
            case KEEP -> {
                plain(i, i + 1);
                yield slots[i];
            }
            case IGNORE -> existing(met);
            case MERGE -> existing(merge(met, row));
            // The newcomer takes the place of a task with its queue, owner and key: no bound's count changes.
            case REPLACE -> {
                Long id = writeUnchecked(i);
                if (id == null) {
                    yield existing(existingFor(tx, row));
                }
                end(met.id(), Outcome.SUPERSEDED, "superseded by task " + id, row.createdAt());
                yield new Slot(id, null, true, true);
            }
            // Both end at once: the newcomer is stored only to be pointed at, and adds to no count either.
            case NEUTRALIZE -> {
                Long id = writeUnchecked(i);
                if (id == null) {
                    yield existing(existingFor(tx, row));
                }
                end(met.id(), Outcome.CANCELLED, "neutralized by task " + id, row.createdAt());
                end(id, Outcome.CANCELLED, "neutralized task " + met.id(), row.createdAt());
                yield new Slot(id, taskGet(id), true, false);
            }
        };
    }

    private Long writeUnchecked(int i) throws SQLException {
        return writer.write(List.of(rows.get(i)), List.of(placements.get(i))).get(0);
    }

    private List<TaskInfo> pendingWithKey(TaskRow row, int limit) throws SQLException {
        List<TaskInfo> pending = new ArrayList<>();
        try (ResultSet rs = tx.prepare("coalescing_pending")
                .set("queue", row.queue())
                .set("owner", row.owner())
                .set("coalescing_key", row.coalescingKey())
                .set("limit", (long) limit)
                .query()) {
            while (rs.next()) {
                pending.add(Rows.task(rs));
            }
        }
        return pending;
    }

    private TaskInfo merge(TaskInfo pending, TaskRow row) throws SQLException {
        try (ResultSet rs = tx.prepare("task_coalesce_merge")
                .set("payload", row.storedPayload())
                .set("payload_bytes", (long) row.payloadBytes())
                .set("blob_store", row.blob() == null ? null : row.blob().store())
                .set("blob_key", row.blob() == null ? null : row.blob().key())
                .set("blob_sha256", row.blob() == null ? null : row.blob().sha256())
                .set("id", pending.id())
                .query()) {
            if (!rs.next()) {
                throw new IllegalStateException("task " + pending.id() + " left the pending states while locked");
            }
            return Rows.task(rs);
        }
    }

    private void end(long taskId, Outcome outcome, String message, Instant now) throws SQLException {
        try (ResultSet rs = tx.prepare("task_coalesce_end")
                .set("outcome", outcome.wireName())
                .set("message", message)
                .set("now", now)
                .set("id", taskId)
                .query()) {
            if (!rs.next()) {
                throw new IllegalStateException("task " + taskId + " left the pending states while locked");
            }
            SettledRow row = SettledRow.read(rs);
            ended.add(row);
            if (row.hasDependents()) {
                endedWithDependents
                        .computeIfAbsent(outcome, k -> new ArrayList<>())
                        .add(taskId);
            }
        }
    }

    private TaskInfo taskGet(long id) throws SQLException {
        try (ResultSet rs = tx.prepare("task_get").set("id", id).query()) {
            rs.next();
            return Rows.task(rs);
        }
    }

    private static Slot existing(TaskInfo task) {
        return new Slot(task.id(), task, false, false);
    }

    /**
     * Whether a stored task has the row's payload: compared as text when the task keeps it in its row, by SHA-256 when
     * in a blob (not read back for this, and still known once the blob is deleted).
     */
    private static boolean samePayload(TaskInfo existing, TaskRow row) {
        if (existing.blob() == null) {
            return Objects.equals(existing.payload(), row.payload());
        }
        if (row.payload() == null) {
            return false;
        }
        String sha256 = row.blob() != null
                ? row.blob().sha256()
                : Sha256.hex(row.payload().getBytes(StandardCharsets.UTF_8));
        return existing.blob().sha256().equals(sha256);
    }

    /** The task holding a row's idempotency key, which must match the row in type and payload. */
    static TaskInfo existingFor(Tx tx, TaskRow row) throws SQLException {
        TaskInfo existing = byIdempotencyKey(tx, row);
        if (existing == null) {
            throw new IllegalStateException("idempotency key conflict without a task: " + row.idempotencyKey());
        }
        return checkedSame(existing, row);
    }

    private static TaskInfo byIdempotencyKey(Tx tx, TaskRow row) throws SQLException {
        try (ResultSet rs = tx.prepare("task_by_idempotency_key")
                .set("queue", row.queue())
                .set("owner", row.owner())
                .set("idempotency_key", row.idempotencyKey())
                .query()) {
            return rs.next() ? Rows.task(rs) : null;
        }
    }

    private static TaskInfo checkedSame(TaskInfo existing, TaskRow row) {
        if (!existing.type().equals(row.type()) || !samePayload(existing, row)) {
            throw new ConflictException("idempotencyKey: '" + row.idempotencyKey() + "' already names task "
                    + existing.id() + " with a different " + (existing.type().equals(row.type()) ? "payload" : "type"));
        }
        return existing;
    }
}
