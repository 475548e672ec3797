package dev.tide.api;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * The queue's operations, the same embedded ({@code dev.tide.core.Tide}) and over HTTP ({@code
 * dev.tide.client.TideClient}). Every write is durable when the call returns.
 *
 * <p>Here are producing, consuming and reading tasks and jobs, and their types. The rest is reached in parts, each an
 * interface of its own: {@link #queues()}, {@link #profiles()}, {@link #schedules()}, {@link #processors()}, {@link
 * #intake()} and {@link #monitoring()}. Users are managed through {@code accounts()} on both implementations: not here,
 * because the accounts package builds on this one's types.
 *
 * <p>Errors are {@link TideException}s: {@link InvalidRequestException} for bad input (nothing written),
 * {@link NotFoundException}, {@link ConflictException} (including {@link LeaseLostException}),
 * {@link PayloadTooLargeException} and {@link PendingLimitException} (a queue's bound on pending tasks reached).
 */
public interface TaskQueue extends AutoCloseable {

    /**
     * Enqueues one task; with an idempotency key that is already taken, returns that task instead. A task with a
     * coalescing key may instead end or change a pending task with the same key, as its type's
     * {@link TaskType#coalescing()} policy says; {@link PendingLimitException} when the queue's bound is reached.
     */
    EnqueueResult enqueue(NewTask task);

    /**
     * Enqueues many tasks in one transaction: all are stored, or (on any invalid one, or a bound reached) none. Tasks
     * are coalesced in order, so a later task of the batch meets an earlier one as pending.
     */
    List<EnqueueResult> enqueueAll(List<NewTask> tasks);

    /**
     * Enqueues a task and, when it is ready now and its profile has room for it, leases it at once to {@code worker}
     * in the same transaction, charged as a claim is (seed 000, §4.3.5.3.1.2: a small job run by its caller instead of
     * waiting in the queue). The caller then runs it and acknowledges under the lease like any worker; a caller that
     * dies leaves a lease that expires and a task that is retried. Without room, or when the task is scheduled for
     * later, waits on dependencies or its queue is suspended, it is simply queued.
     *
     * @param leaseDuration null for the task type's lease length
     */
    EnqueuedAndClaimed enqueueAndClaim(NewTask task, String worker, @Nullable Duration leaseDuration);

    /** Creates a job and its first tasks in one transaction. */
    JobCreated createJob(NewJob job);

    /**
     * Claims up to {@code request.limit()} ready tasks. Each comes with a fresh lease that is written before the task is
     * read, so no task ever has two holders. Waits up to {@code request.waitFor()} when none is ready.
     */
    List<LeasedTask> claim(ClaimRequest request);

    /**
     * Claims one specific task, as a person picking from a visible list does. Empty when the task is not ready (someone
     * else holds it, it is scheduled for later, or it has finished). A profile governing the task counts the start as
     * any claim's: {@link ConflictException} when it has no room for the task now.
     *
     * @param leaseDuration null for the task type's lease length
     */
    Optional<LeasedTask> claimTask(long taskId, String worker, Duration leaseDuration);

    /**
     * Extends leases to now plus {@code extension}; null extends each by the length its claim was granted (the
     * claim's {@code leaseDuration}, else the task type's), so a lease stays as short as its worker asked. Returns the
     * leases still held; those missing from the answer are lost.
     */
    List<Lease> heartbeat(List<Lease> leases, @Nullable Duration extension);

    /** Extends one lease, or throws {@link LeaseLostException}. */
    default Lease heartbeat(Lease lease, @Nullable Duration extension) {
        List<Lease> held = heartbeat(List.of(lease), extension);
        if (held.isEmpty()) {
            throw new LeaseLostException(lease.taskId());
        }
        return held.get(0);
    }

    /** Applies acknowledgements in one transaction; each is accepted or reports a lost lease on its own. */
    List<AckResult> ackAll(List<Ack> acks);

    /** Applies one acknowledgement, or throws {@link LeaseLostException} having changed nothing. */
    default AckResult ack(Ack ack) {
        return ackAll(List.of(ack)).get(0).orThrow();
    }

    /** The task, or {@link NotFoundException}. */
    TaskInfo task(long taskId);

    /** A page of tasks matching the query. */
    Page<TaskInfo> tasks(TaskQuery query);

    /**
     * How many tasks match the query's filters (its sort, limit and cursor aside): exact when an index bounds the
     * counting (at most 10,000 rows read), an estimate past that (see {@link TaskCount}), so that a count stays fast
     * with millions of tasks.
     */
    TaskCount countTasks(TaskQuery filter);

    /** Ends an unfinished task as cancelled; its holder, if any, loses the lease. */
    TaskInfo cancel(long taskId, String reason);

    /** Makes a failed or cancelled task ready again with its attempts reset (a manual retry). */
    TaskInfo retry(long taskId);

    /**
     * Sets the selected waiting tasks (scheduled, blocked or ready) aside: a parked task is never claimed until it is
     * unparked. Leased tasks run on. Returns how many tasks it parked.
     */
    int park(TaskSelection selection);

    /**
     * Returns the selected parked tasks to waiting, each in the state it would have now: blocked while a dependency is
     * unmet, else scheduled or ready by its run-at. Returns how many.
     */
    int unpark(TaskSelection selection);

    /** The job, or {@link NotFoundException}. */
    JobInfo job(long jobId);

    /** Cancels every unfinished task of the job; the job ends cancelled. */
    JobInfo cancelJob(long jobId, String reason);

    /** Replaces the job's info JSON. */
    JobInfo updateJobInfo(long jobId, String infoJson);

    /** The most dependents {@link #dependents} lists. */
    int MAX_DEPENDENTS = 1000;

    /**
     * The ids of the tasks that waited on this one, ascending, at most {@link #MAX_DEPENDENTS}: those added while it
     * had not ended (a task added with it as a dependency after it succeeded never waited, and is not listed). Throws
     * {@link NotFoundException} for a task that does not exist. The other direction is {@link TaskInfo#dependsOn()}.
     */
    List<Long> dependents(long taskId);

    /** A page of jobs matching the query, newest first. */
    Page<JobInfo> jobs(JobQuery query);

    /**
     * The tasks this worker holds now: after a crash, a worker finds its unfinished work here. A worker name belongs
     * to the account that claimed under it: through a server, a worker account sees only its own leases of the name
     * ({@link dev.tide.api.auth.AccountWorkers}); so do {@link #resumeLeases} and {@link #releaseLeases}.
     */
    List<LeasedTask> leases(String worker);

    /**
     * Takes up again every task this worker holds, with fresh tokens and expiry (the old tokens stop working); the
     * attempts are not counted again.
     *
     * @param leaseDuration null for the lease length each task's claim was granted
     */
    List<LeasedTask> resumeLeases(String worker, Duration leaseDuration);

    /**
     * Returns every task this worker holds to the pool at once, as a worker restarting after a crash does with the
     * leases of its previous life. An attempt that was started counts; a task out of attempts fails.
     *
     * @return how many tasks were released
     */
    int releaseLeases(String worker);

    /** Creates or replaces a task type. */
    TaskType defineTaskType(TaskType type);

    /** All defined task types, by name. */
    List<TaskType> taskTypes();

    /** Creates or replaces a job type. */
    JobType defineJobType(JobType type);

    /** All defined job types, by name. */
    List<JobType> jobTypes();

    /** Queues and their users, and dispatch switched off and on for one queue or all. */
    Queues queues();

    /** Profiles, the throughput directives of task and job types, and the load signals they read. */
    Profiles profiles();

    /** Status, the event log and hourly statistics. */
    Monitoring monitoring();

    /** Folder intake on every node: its switch and what its passes did. */
    Intake intake();

    /** Retry, cancel, park or unpark many tasks at once: selected ones, or all that match a filter. */
    BulkActions bulk();

    /** Recurring tasks fired from cron expressions. */
    Schedules schedules();

    /** Processors (seed 004's Submission Processors), started and stopped on every node at once. */
    Processors processors();

    @Override
    void close();
}
