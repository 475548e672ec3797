package dev.tide.core.store.jdbc;

import dev.tide.api.ConflictException;
import dev.tide.api.EnqueueResult;
import dev.tide.api.JobInfo;
import dev.tide.api.JobState;
import dev.tide.api.Outcome;
import dev.tide.api.TaskInfo;
import dev.tide.api.TaskState;
import dev.tide.api.auth.Owners;
import dev.tide.core.store.InsertBatch;
import dev.tide.core.store.JobEndHook;
import dev.tide.core.store.TaskRow;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * The insert transaction script: places rows in their queues' order (dispatch keys from their jobs' priority and
 * deadline), checks admission, coalesces and bounds where a row or queue asks for it, inserts through the dialect's
 * bulk statement, links dependencies and counts the rows in their jobs. The admission, coalescing, bounds, dependency
 * and job steps cost one check each when no row or queue uses them.
 */
final class TaskInsertion {
    private final Database db;
    private final AdmissionLimits limits;
    private final JobLedger ledger;

    TaskInsertion(Database db, AdmissionLimits limits, JobEndHook jobEndHook) {
        this.db = db;
        this.limits = limits;
        // Each needs the other: an insert ends the tasks it supersedes through the ledger, and a job that ends there
        // inserts its end hooks' tasks through this script.
        this.ledger = new JobLedger(jobEndHook, (tx, rows) -> insertRows(tx, rows, false));
    }

    /** The job counters this script moves, for the other scripts that end tasks. */
    JobLedger jobs() {
        return ledger;
    }

    /**
     * Inserts rows into open jobs (or none), computing each dispatch key from its job's priority and deadline.
     * Idempotency keys already taken return the existing task, or fail the whole transaction when type or payload
     * differ. Rows with a coalescing rule, and rows of bounded queues, go through {@link SmartInsert} under their
     * scopes' locks; the others cost nothing more than the check that finds none.
     */
    InsertBatch insertRows(Tx tx, List<TaskRow> rows) throws SQLException {
        return insertRows(tx, rows, true);
    }

    /**
     * @param enforceBounds false for the tasks a job's end hooks add (its completion task and alerts): a full queue
     *     must not keep a job from ending
     */
    InsertBatch insertRows(Tx tx, List<TaskRow> rows, boolean enforceBounds) throws SQLException {
        if (enforceBounds) {
            OwnerLimits owners = limits.current(tx);
            if (owners.any()) {
                OwnerAdmission.check(tx, rows, owners, scopes -> db.dialect().lockScopes(tx, scopes));
            }
        }
        Map<Long, JobInfo> jobs = openJobsOf(tx, rows);
        Map<String, QueueRow> orders = new HashMap<>();
        List<Placement> placements = new ArrayList<>(rows.size());
        for (TaskRow row : rows) {
            JobInfo job = row.jobId() == null ? null : jobs.get(row.jobId());
            QueueRow order = orders.get(row.queue());
            if (order == null) {
                order = QueueRow.read(tx, row.queue());
                orders.put(row.queue(), order);
            }
            placements.add(Placement.of(
                    order,
                    row.owner(),
                    job == null ? 0 : job.priority(),
                    job == null ? null : job.deadline(),
                    row.priority(),
                    row.deadline(),
                    row.raceDraw() / row.weight(),
                    job != null && job.deadline() != null && !job.deadline().isAfter(row.createdAt())));
        }
        List<SettledRow> ended = new ArrayList<>();
        Map<Outcome, List<Long>> endedWithDependents = new LinkedHashMap<>();
        List<SmartInsert.Slot> slots;
        if (SmartInsert.needed(rows, orders)) {
            List<String> scopes = SmartInsert.scopes(rows, orders);
            if (!scopes.isEmpty()) {
                db.dialect().lockScopes(tx, scopes);
            }
            slots = SmartInsert.run(
                    tx,
                    rows,
                    placements,
                    orders,
                    enforceBounds,
                    (r, p) -> db.dialect().insertTasks(tx, r, p),
                    ended,
                    endedWithDependents);
        } else {
            slots = plainSlots(tx, rows, db.dialect().insertTasks(tx, rows, placements));
        }
        List<EnqueueResult> results = new ArrayList<>(rows.size());
        Map<Long, Long> addedPerJob = new TreeMap<>();
        Set<String> ready = new LinkedHashSet<>();
        for (int i = 0; i < rows.size(); i++) {
            TaskRow row = rows.get(i);
            SmartInsert.Slot slot = slots.get(i);
            if (!slot.created()) {
                results.add(new EnqueueResult(slot.task(), false));
                continue;
            }
            results.add(new EnqueueResult(slot.task() != null ? slot.task() : Rows.fresh(row, slot.id()), true));
            if (row.jobId() != null) {
                addedPerJob.merge(row.jobId(), 1L, Long::sum);
            }
            if (slot.queued() && row.initialState() == TaskState.READY) {
                ready.add(row.queue());
            }
        }
        for (Map.Entry<Long, Long> added : addedPerJob.entrySet()) {
            tx.prepare("job_total_add")
                    .set("id", added.getKey())
                    .set("n", added.getValue())
                    .update();
        }
        if (rows.stream().anyMatch(r -> !r.dependencies().isEmpty())) {
            Dependents.link(tx, rows, results, rows.get(0).createdAt(), ready)
                    .forEach((i, linked) -> results.set(i, new EnqueueResult(linked, true)));
        }
        if (!ended.isEmpty()) {
            // Tasks a newcomer superseded or neutralized end their jobs' count as cancelled, after the newcomers
            // joined their jobs: a job whose task was replaced by one of its own must not end in between. Their
            // dependents go as after any end other than success.
            JobDeltas deltas = new JobDeltas();
            for (SettledRow row : ended) {
                deltas.add(row.jobId(), Outcome.CANCELLED);
            }
            Dependents.afterEnded(tx, endedWithDependents, rows.get(0).createdAt(), deltas, ready);
            ledger.applyJobDeltas(tx, deltas, rows.get(0).createdAt(), ready);
        }
        return new InsertBatch(results, ready);
    }

    private static List<SmartInsert.Slot> plainSlots(Tx tx, List<TaskRow> rows, List<Long> ids) throws SQLException {
        List<SmartInsert.Slot> slots = new ArrayList<>(rows.size());
        for (int i = 0; i < rows.size(); i++) {
            Long id = ids.get(i);
            if (id != null) {
                slots.add(new SmartInsert.Slot(id, null, true, true));
            } else {
                TaskInfo existing = SmartInsert.existingFor(tx, rows.get(i));
                slots.add(new SmartInsert.Slot(existing.id(), existing, false, false));
            }
        }
        return slots;
    }

    private Map<Long, JobInfo> openJobsOf(Tx tx, List<TaskRow> rows) throws SQLException {
        Map<Long, JobInfo> jobs = new HashMap<>();
        for (TaskRow row : rows) {
            Long jobId = row.jobId();
            if (jobId == null || jobs.containsKey(jobId)) {
                continue;
            }
            // Checked before the insert; gone since only when pruned in between.
            JobInfo job = JobLedger.jobGet(tx, jobId).orElseThrow(() -> Owners.noSuchJob("jobId", jobId));
            if (job.state() != JobState.OPEN) {
                throw new ConflictException("job " + jobId + " has finished; start a new job for more tasks");
            }
            jobs.put(jobId, job);
        }
        return jobs;
    }
}
