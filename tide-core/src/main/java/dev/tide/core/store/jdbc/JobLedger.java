package dev.tide.core.store.jdbc;

import dev.tide.api.JobInfo;
import dev.tide.api.JobState;
import dev.tide.api.Outcome;
import dev.tide.core.store.InsertBatch;
import dev.tide.core.store.JobEndHook;
import dev.tide.core.store.TaskRow;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * A job's counters, moved in the same transaction as the task changes that move them, so that a job ends exactly when
 * its last task does; its end hooks' tasks are inserted in that same transaction.
 */
final class JobLedger {
    /**
     * Inserts the tasks a job's end hooks add, without the bounds of their queues (a full queue must not keep a job
     * from ending).
     */
    interface EndTasks {
        InsertBatch insert(Tx tx, List<TaskRow> rows) throws SQLException;
    }

    private final JobEndHook jobEndHook;
    private final EndTasks endTasks;

    JobLedger(JobEndHook jobEndHook, EndTasks endTasks) {
        this.jobEndHook = jobEndHook;
        this.endTasks = endTasks;
    }

    static Optional<JobInfo> jobGet(Tx tx, long jobId) throws SQLException {
        try (ResultSet rs = tx.prepare("job_get").set("id", jobId).query()) {
            return rs.next() ? Optional.of(Rows.job(rs)) : Optional.empty();
        }
    }

    static Optional<JobInfo> jobInfoUpdate(Tx tx, long jobId, String info) throws SQLException {
        try (ResultSet rs =
                tx.prepare("job_info_update").set("id", jobId).set("info", info).query()) {
            return rs.next() ? Optional.of(Rows.job(rs)) : Optional.empty();
        }
    }

    List<JobInfo> applyJobDeltas(Tx tx, JobDeltas deltas, Instant now, Set<String> ready) throws SQLException {
        List<JobInfo> finished = new ArrayList<>();
        for (Map.Entry<Long, int[]> e : deltas.byJob.entrySet()) {
            int[] c = e.getValue();
            JobInfo job =
                    jobCountAdd(tx, e.getKey(), c[JobDeltas.SUCCEEDED], c[JobDeltas.FAILED], c[JobDeltas.CANCELLED]);
            Outcome outcome = job.failed() == 0 && job.cancelled() == 0 ? Outcome.SUCCEEDED : Outcome.FAILED;
            finishJob(tx, job, outcome, now, ready).ifPresent(finished::add);
        }
        return finished;
    }

    static JobInfo jobCountAdd(Tx tx, long jobId, int succeeded, int failed, int cancelled) throws SQLException {
        try (ResultSet rs = tx.prepare("job_count_add")
                .set("succeeded", (long) succeeded)
                .set("failed", (long) failed)
                .set("cancelled", (long) cancelled)
                .set("id", jobId)
                .query()) {
            if (!rs.next()) {
                throw new IllegalStateException("job " + jobId + " vanished while its tasks were settled");
            }
            return Rows.job(rs);
        }
    }

    /** Ends the job if it is open and has no pending task, inserting its end hooks' tasks. */
    Optional<JobInfo> finishJob(Tx tx, JobInfo job, Outcome outcome, Instant now, Set<String> ready)
            throws SQLException {
        if (job.state() != JobState.OPEN || job.pending() > 0) {
            return Optional.empty();
        }
        JobInfo ended;
        try (ResultSet rs = tx.prepare("job_finish")
                .set("outcome", outcome.wireName())
                .set("now", now)
                .set("id", job.id())
                .query()) {
            if (!rs.next()) {
                return Optional.empty();
            }
            ended = Rows.job(rs);
        }
        LifecycleEvents.jobFinished(tx, ended, now);
        List<TaskRow> notices = jobEndHook.tasksFor(ended);
        if (!notices.isEmpty()) {
            ready.addAll(endTasks.insert(tx, notices).readyQueues());
        }
        return Optional.of(ended);
    }
}
