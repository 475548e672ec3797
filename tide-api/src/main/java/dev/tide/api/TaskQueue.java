package dev.tide.api;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * The queue's operations, the same embedded ({@code dev.tide.core.Tide}) and over HTTP ({@code
 * dev.tide.client.TideClient}). Every write is durable when the call returns.
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

    /**
     * Creates or changes a queue's definition. A new discipline applies to tasks enqueued from now on at once; tasks
     * already waiting are given their place in the new order in the background, in batches ({@link
     * QueueInfo#reordering()} until done). A queue's suspension is kept.
     */
    QueueInfo defineQueue(QueueDefinition definition);

    /** All defined queues, by name. */
    List<QueueInfo> queues();

    /**
     * Stops dispatch from a queue on every node at once: claims get nothing from it, while tasks are still accepted.
     * Defines the queue (in {@link Discipline#PRIORITY} order) if it was not.
     */
    QueueInfo suspendQueue(String name);

    /** Lets a suspended queue dispatch again. */
    QueueInfo resumeQueue(String name);

    /**
     * Stops dispatch from every queue on every node at once, as {@link #suspendQueue} does for one; tasks are still
     * accepted. Queues suspended on their own stay so after {@link #resumeServer()}.
     */
    StatusReport suspendServer();

    /** Lets the server dispatch again (queues suspended on their own stay suspended). */
    StatusReport resumeServer();

    /**
     * Gives users of a queue their own allocation and concurrency cap (for a {@link Discipline#FAIR} queue), or gives
     * them back the queue's defaults (null fields). Takes effect at the next claim. Returns the users as they stand.
     */
    List<QueueUser> assignUsers(String queue, UserShares shares);

    /**
     * Changes only the settings {@code shares} gives (non-null fields) of these users of a queue, keeping the others
     * (seed 004's assignUsersDefaultAllocations changes the allocations alone). Takes effect at the next claim or
     * enqueue. Returns the users as they stand.
     */
    List<QueueUser> adjustUsers(String queue, UserShares shares);

    /** The users a queue knows (those with tasks so far or with settings of their own), by name. */
    List<QueueUser> queueUsers(String queue);

    /**
     * Replaces the server-wide prohibited users: their tasks, in every queue, go only to claims that require them by
     * name ({@link UserFilter#required()}), as a dedicated processor does. Queues add their own
     * ({@link QueueDefinition#prohibitedUsers()}).
     */
    Set<String> prohibitUsers(Set<String> users);

    /** The server-wide prohibited users. */
    Set<String> prohibitedUsers();

    /**
     * Creates or replaces a profile: the throughput directives of a task type, or the defaults of a job type's tasks
     * (see {@link Profile}). Takes effect at the next claim on every node, and is recorded in the event log.
     */
    Profile defineProfile(Profile profile);

    /** All profiles, by key ({@code task:<type>}, then {@code job:<type>}). */
    List<Profile> profiles();

    /** Removes a profile by its key ({@code task:<type>} or {@code job:<type>}); {@link NotFoundException} if none. */
    void deleteProfile(String key);

    /**
     * What each profile says now: the entry in force, the hourly limit after load scaling, and the units already
     * counted in the current hour.
     */
    List<ProfileStatus> profileStatus();

    /**
     * Sets a load signal's reading, as a host application reporting its request rate does; profiles that scale or
     * choose by the signal read it at the next claim on this node.
     */
    void reportLoad(String signal, double value);

    /**
     * Creates or replaces a schedule: a recurring task fired from a cron expression, once per firing across all nodes
     * (see {@link Schedule}). A replacement that keeps the expression and zone keeps the next firing; one that changes
     * them fires next at the first firing after now. Recorded in the event log.
     */
    ScheduleInfo defineSchedule(Schedule schedule);

    /** All schedules, by name. */
    List<ScheduleInfo> schedules();

    /** The schedule, or {@link NotFoundException}. */
    ScheduleInfo schedule(String name);

    /**
     * The next {@code count} firings (1 to 1000) of a schedule: from its next firing, or from now while it is paused.
     */
    List<Instant> scheduleFirings(String name, int count);

    /** Holds a schedule's firings back on every node: firings while paused fire nothing, even after it resumes. */
    ScheduleInfo pauseSchedule(String name);

    /** Lets a paused schedule fire again, from its first firing after now. */
    ScheduleInfo resumeSchedule(String name);

    /** Removes a schedule; the tasks it enqueued stay. {@link NotFoundException} if none has that name. */
    void deleteSchedule(String name);

    // --- processors (seed 004's Submission Processors) ------------------------------------------------------------

    /**
     * Creates or changes a processor (see {@link ProcessorDefinition}); a new one is stopped, a changed one keeps its
     * state. Takes effect at once on this node and within a couple of seconds on the others; recorded in the event log.
     */
    ProcessorInfo defineProcessor(ProcessorDefinition definition);

    /** Every processor with what it is doing on each node, by name. */
    List<ProcessorInfo> processors();

    /** The processor, or {@link NotFoundException}. */
    ProcessorInfo processor(String name);

    /**
     * Starts a processor on every node: a local one's handlers begin to claim, a remote one's claims are served.
     * Recorded in the event log.
     */
    ProcessorInfo startProcessor(String name);

    /**
     * Stops a processor on every node: a local one stops claiming and its running handlers finish (within the node's
     * grace, then their tasks are released); a remote one's claims get nothing. Tasks wait meanwhile.
     */
    ProcessorInfo stopProcessor(String name);

    /** Removes a processor, stopping it first; {@link NotFoundException} if none has that name. */
    void deleteProcessor(String name);

    /** Folder intake on every node: the switch, files stored and rejected, the last scan (docs/intake.md). */
    IntakeStatus intake();

    /**
     * Switches folder intake on or off on every node at once, without a restart: the switch is kept in the database, so
     * it also outlasts restarts. A node's pass already under way finishes. Recorded in the event log.
     */
    IntakeStatus switchIntake(boolean enabled);

    /** Queue depths and open jobs. */
    StatusReport status();

    /** Recent entries of the event log (lifecycle changes and administrators' actions; see {@link TideEvent}), newest first. */
    List<TideEvent> events(EventQuery query);

    /**
     * Started, succeeded, failed, retried and expired tasks and the work units used, per task type and hour (UTC), for
     * the hours of the query; hours with nothing counted are left out. Ordered by hour, then type.
     */
    List<HourlyStats> stats(StatsQuery query);

    @Override
    void close();
}
