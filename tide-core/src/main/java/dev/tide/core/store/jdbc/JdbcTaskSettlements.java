package dev.tide.core.store.jdbc;

import dev.tide.api.ConflictException;
import dev.tide.api.JobInfo;
import dev.tide.api.JobState;
import dev.tide.api.Outcome;
import dev.tide.api.TaskInfo;
import dev.tide.api.TaskSelection;
import dev.tide.api.TaskState;
import dev.tide.core.store.SettleBatch;
import dev.tide.core.store.Settlement;
import dev.tide.core.store.TaskSettlements;
import dev.tide.core.store.Unparked;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;

/**
 * Moving tasks to their next state outside a claim: settling leases, cancelling, retrying, parking and unparking; job
 * counters move in the same transaction.
 */
public final class JdbcTaskSettlements implements TaskSettlements {
    private final Database db;
    private final TaskSettlement settlement;
    private final JobLedger jobs;

    JdbcTaskSettlements(Database db, TaskSettlement settlement, JobLedger jobs) {
        this.db = db;
        this.settlement = settlement;
        this.jobs = jobs;
    }

    @Override
    public SettleBatch taskSettleMany(List<Settlement> settlements, Instant now) {
        return db.write(tx -> settlement.settle(tx, settlements, now));
    }

    @Override
    public Optional<SettleBatch> jobCancel(long jobId, String reason, Instant now) {
        return db.write(tx -> {
            Optional<JobInfo> job = JobLedger.jobGet(tx, jobId);
            if (job.isEmpty()) {
                return Optional.empty();
            }
            Set<String> ready = new LinkedHashSet<>();
            List<JobInfo> finished = new ArrayList<>();
            if (job.get().state() == JobState.OPEN) {
                int cancelled = 0;
                List<Long> withDependents = new ArrayList<>();
                try (ResultSet rs = tx.prepare("job_tasks_cancel")
                        .set("job_id", jobId)
                        .set("reason", reason)
                        .set("now", now)
                        .query()) {
                    while (rs.next()) {
                        cancelled++;
                        if (rs.getInt("has_dependents") != 0) {
                            withDependents.add(rs.getLong("id"));
                        }
                    }
                }
                JobInfo counted = JobLedger.jobCountAdd(tx, jobId, 0, 0, cancelled);
                jobs.finishJob(tx, counted, Outcome.CANCELLED, now, ready).ifPresent(finished::add);
                if (!withDependents.isEmpty()) {
                    // Dependents in other jobs: counted and, when those jobs end, ended with them.
                    JobDeltas deltas = new JobDeltas();
                    Dependents.afterEnded(tx, Map.of(Outcome.CANCELLED, withDependents), now, deltas, ready);
                    finished.addAll(jobs.applyJobDeltas(tx, deltas, now, ready));
                }
            }
            return Optional.of(new SettleBatch(List.of(), finished, ready, null));
        });
    }

    @Override
    public Optional<SettleBatch> taskCancel(long taskId, String reason, Instant now) {
        return db.write(tx -> {
            Optional<TaskInfo> before = JdbcTaskReads.taskGet(tx, taskId);
            if (before.isEmpty()) {
                return Optional.empty();
            }
            if (before.get().state() == TaskState.FINISHED) {
                throw new ConflictException("task " + taskId + " has already finished ("
                        + before.get().status() + ")");
            }
            Ended ended = cancelAll(tx, List.of(taskId), reason, now);
            return Optional.of(new SettleBatch(
                    List.of(),
                    ended.finishedJobs(),
                    ended.readyQueues(),
                    JdbcTaskReads.taskGet(tx, taskId).orElseThrow()));
        });
    }

    /**
     * What a cancel of many tasks did in its transaction.
     *
     * @param count the tasks it ended
     */
    record Ended(int count, List<JobInfo> finishedJobs, Set<String> readyQueues) {}

    /**
     * Ends the unfinished tasks among {@code ids} as cancelled, in the caller's transaction, with what follows: their
     * dependents and their jobs' counters, once for all of them. Finished ones (and ids of no task) are left alone.
     */
    Ended cancelAll(Tx tx, List<Long> ids, String reason, Instant now) throws SQLException {
        Set<String> ready = new LinkedHashSet<>();
        JobDeltas deltas = new JobDeltas();
        List<Long> withDependents = new ArrayList<>();
        int count = 0;
        Statement cancel = tx.prepare("task_cancel");
        for (long id : ids) {
            try (ResultSet rs =
                    cancel.set("reason", reason).set("now", now).set("id", id).query()) {
                if (!rs.next()) {
                    continue;
                }
                SettledRow row = SettledRow.read(rs);
                count++;
                deltas.add(row.jobId(), Outcome.CANCELLED);
                if (row.hasDependents()) {
                    withDependents.add(id);
                }
            }
        }
        if (!withDependents.isEmpty()) {
            Dependents.afterEnded(tx, Map.of(Outcome.CANCELLED, withDependents), now, deltas, ready);
        }
        List<JobInfo> finished = jobs.applyJobDeltas(tx, deltas, now, ready);
        return new Ended(count, finished, ready);
    }

    @Override
    public Optional<SettleBatch> taskRetry(long taskId, Instant now) {
        return db.write(tx -> {
            Optional<TaskInfo> before = JdbcTaskReads.taskGet(tx, taskId);
            if (before.isEmpty()) {
                return Optional.empty();
            }
            TaskInfo task = before.get();
            if (!retriable(task)) {
                throw new ConflictException(
                        "task " + taskId + " is " + task.status() + "; only failed or cancelled tasks can be retried");
            }
            retry(tx, task, now);
            return Optional.of(new SettleBatch(
                    List.of(),
                    List.of(),
                    Set.of(task.queue()),
                    JdbcTaskReads.taskGet(tx, taskId).orElseThrow()));
        });
    }

    /**
     * Makes the failed or cancelled tasks among {@code ids} ready again, in the caller's transaction, adding their
     * queues to {@code ready}; the others (and ids of no task) are left alone. Answers how many it retried.
     */
    int retryAll(Tx tx, List<Long> ids, Instant now, Set<String> ready) throws SQLException {
        List<TaskInfo> tasks = new ArrayList<>(ids.size());
        try (ResultSet rs = tx.prepare("task_get_many").setLongs("ids", ids).query()) {
            while (rs.next()) {
                tasks.add(Rows.task(rs));
            }
        }
        int count = 0;
        for (TaskInfo task : tasks) {
            if (retriable(task)) {
                retry(tx, task, now);
                ready.add(task.queue());
                count++;
            }
        }
        return count;
    }

    private static boolean retriable(TaskInfo task) {
        return task.outcome() == Outcome.FAILED || task.outcome() == Outcome.CANCELLED;
    }

    /** One retriable task ready again, its job re-opened or its counters moved back. */
    private static void retry(Tx tx, TaskInfo task, Instant now) throws SQLException {
        tx.prepare("task_retry").set("now", now).set("id", task.id()).query().close();
        if (task.jobId() != null) {
            long failed = task.outcome() == Outcome.FAILED ? 1 : 0;
            long cancelled = 1 - failed;
            JobInfo job = JobLedger.jobGet(tx, task.jobId()).orElseThrow();
            if (job.state() == JobState.FINISHED) {
                tx.prepare("job_reopen")
                        .set("failed", failed)
                        .set("cancelled", cancelled)
                        .set("id", job.id())
                        .query()
                        .close();
            } else {
                JobLedger.jobCountAdd(tx, job.id(), 0, (int) -failed, (int) -cancelled);
            }
        }
    }

    @Override
    public int taskPark(TaskSelection selection) {
        return db.write(tx -> parkAll(tx, selection));
    }

    @Override
    public Unparked taskUnpark(TaskSelection selection, Instant now) {
        return db.write(tx -> unparkAll(tx, selection, now));
    }

    /** Parks the waiting tasks of the selection in the caller's transaction; answers how many. */
    static int parkAll(Tx tx, TaskSelection selection) throws SQLException {
        return selected(tx, "task_park", selection).update();
    }

    /** Unparks the parked tasks of the selection in the caller's transaction. */
    static Unparked unparkAll(Tx tx, TaskSelection selection, Instant now) throws SQLException {
        int count = 0;
        Set<String> ready = new LinkedHashSet<>();
        try (ResultSet rs =
                selected(tx, "task_unpark", selection).set("now", now).query()) {
            while (rs.next()) {
                count++;
                if (TaskState.parse(rs.getString("state")) == TaskState.READY) {
                    ready.add(rs.getString("queue"));
                }
            }
        }
        return new Unparked(count, ready);
    }

    /** The statement with the {@code park_if_*} filters the selection asks for, bound. */
    private static Statement selected(Tx tx, String name, TaskSelection selection) throws SQLException {
        record Condition(String filter, String param, Object value) {}
        List<Condition> conditions = Stream.of(
                        new Condition("park_if_ids", "ids", selection.taskIds().isEmpty() ? null : selection.taskIds()),
                        new Condition("park_if_owner", "owner", selection.owner()),
                        new Condition("park_if_queue", "queue", selection.queue()),
                        new Condition("park_if_received_from", "received_from", selection.receivedFrom()),
                        new Condition("park_if_received_to", "received_to", selection.receivedTo()))
                .filter(c -> c.value() != null)
                .toList();
        Statement st =
                tx.prepare(name, conditions.stream().map(Condition::filter).toList());
        for (Condition c : conditions) {
            st.setValue(c.param(), c.value());
        }
        return st;
    }
}
