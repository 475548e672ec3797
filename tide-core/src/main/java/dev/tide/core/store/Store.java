package dev.tide.core.store;

import dev.tide.api.EventQuery;
import dev.tide.api.IntakeStatus;
import dev.tide.api.JobInfo;
import dev.tide.api.JobType;
import dev.tide.api.LeasedTask;
import dev.tide.api.LoadReadings;
import dev.tide.api.Page;
import dev.tide.api.ProcessorDefinition;
import dev.tide.api.ProcessorInfo;
import dev.tide.api.ProcessorRun;
import dev.tide.api.Profile;
import dev.tide.api.ProfileStatus;
import dev.tide.api.QueueDefinition;
import dev.tide.api.QueueInfo;
import dev.tide.api.QueueUser;
import dev.tide.api.Schedule;
import dev.tide.api.ScheduleInfo;
import dev.tide.api.StatusReport;
import dev.tide.api.TaskInfo;
import dev.tide.api.TaskQuery;
import dev.tide.api.TaskSelection;
import dev.tide.api.TaskType;
import dev.tide.api.TideEvent;
import dev.tide.api.UserShares;
import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.DoubleSupplier;

/**
 * Tide's storage: one implementation per database. Methods are named noun first and take parameter records; every
 * method is one transaction. A store never decides policy (defaults, backoff, which attempt is the last): the engine
 * resolves that into the parameters.
 */
public interface Store extends AutoCloseable {

    /** What this store can do and what it is. */
    StoreInfo info();

    /** Applies pending migrations; returns the schema version afterwards. */
    int schemaMigrate();

    /** The schema version now in the database (0 for an empty one). */
    int schemaVersion();

    // --- types ---------------------------------------------------------------------------------------------------

    void taskTypeUpsert(TaskType type, Instant now);

    List<TaskType> taskTypeList();

    /** Records that a worker named these task types (claimed one, or filtered by it); types already recorded stay. */
    void namedTypeAdd(Collection<String> types, Instant now);

    /** Every task type some worker has named. */
    Set<String> namedTypeList();

    /** Waiting tasks (scheduled, blocked, ready, parked) by type, for the types no worker has named. */
    Map<String, Long> taskUnnamedTypeCounts();

    void jobTypeUpsert(JobType type, Instant now);

    List<JobType> jobTypeList();

    // --- queues --------------------------------------------------------------------------------------------------

    /** Creates a queue or changes its discipline, starting the re-keying of its waiting tasks when the order changed. */
    QueueInfo queueDefine(QueueDefinition definition, Instant now);

    List<QueueInfo> queueList();

    /** Suspends or resumes a queue, defining it (in priority order) if it was not. */
    QueueInfo queueSuspend(String name, boolean suspended, Instant now);

    /** Suspends or resumes dispatch from every queue at once. */
    void serverSuspend(boolean suspended, Instant now);

    /** Sets users' own allocation and concurrency in a queue (null: the queue's default); returns those users. */
    List<QueueUser> userAssign(String queue, UserShares shares);

    /** Changes only the shares given (non-null) of these users of a queue; returns those users. */
    List<QueueUser> userAdjust(String queue, UserShares shares);

    /** A queue's known users, by name. */
    List<QueueUser> userList(String queue);

    /**
     * Wakes the users of fair queues deactivated since {@code since} that have ready tasks after all (an enqueue can
     * race the claim that finds a user's tasks gone); returns how many.
     */
    int fairUsersWake(Instant since);

    /** Replaces the server-wide prohibited users; returns them. */
    Set<String> prohibitedReplace(Set<String> users);

    Set<String> prohibitedList();

    /**
     * Gives up to {@code limit} waiting tasks of a queue whose discipline changed their key in the new order; returns
     * how many it re-keyed. A queue's re-keying ends once no task is left and {@code settledBefore} has passed its
     * change, so that enqueues racing the change are covered too.
     *
     * @param raceDraws exponential draws (mean 1) for tasks placed in a roulette queue
     */
    int taskRekey(int limit, Instant settledBefore, DoubleSupplier raceDraws);

    // --- jobs ----------------------------------------------------------------------------------------------------

    /** Inserts a job and its first tasks; the tasks' job id is set by the store. */
    JobInsertResult jobInsert(JobRow job, List<TaskRow> tasks);

    Optional<JobInfo> jobGet(long jobId);

    /** Of the task ids, those of tasks that exist and belong to the owner (one statement). */
    Set<Long> tasksOwnedBy(String owner, Collection<Long> taskIds);

    /** Of the job ids, those of jobs that exist and belong to the owner (one statement). */
    Set<Long> jobsOwnedBy(String owner, Collection<Long> jobIds);

    /** Replaces a job's info JSON; empty when the job does not exist. */
    Optional<JobInfo> jobInfoUpdate(long jobId, String info);

    /** Cancels the job's unfinished tasks; the job ends cancelled. Empty when the job does not exist. */
    Optional<SettleBatch> jobCancel(long jobId, String reason, Instant now);

    // --- tasks ---------------------------------------------------------------------------------------------------

    /**
     * Inserts tasks in one transaction. A row whose idempotency key is taken returns the existing task (created =
     * false), or fails the whole call with a {@link dev.tide.api.ConflictException} when its type or payload differs.
     */
    InsertBatch taskInsertMany(List<TaskRow> rows);

    /** Leases up to {@code limit} ready tasks of the queue in dispatch order, writing the lease before reading. */
    List<LeasedTask> taskClaim(TaskClaim claim);

    /** Leases one task if it is ready. */
    Optional<LeasedTask> taskClaimById(TaskClaimById claim);

    /** Extends the leases still held; the answer holds only those. */
    List<dev.tide.api.Lease> taskLeaseExtend(LeaseExtension extension);

    /** Applies settlements, each a compare-and-set on its lease token, in one transaction. */
    SettleBatch taskSettleMany(List<Settlement> settlements, Instant now);

    Optional<TaskInfo> taskGet(long taskId);

    List<TaskInfo> taskGetMany(List<Long> taskIds);

    Page<TaskInfo> taskList(TaskQuery query);

    /** Ends an unfinished task as cancelled. Empty when it does not exist; finished tasks are returned unchanged. */
    Optional<SettleBatch> taskCancel(long taskId, String reason, Instant now);

    /** Makes a failed or cancelled task ready again with attempts reset, re-opening its job. */
    Optional<SettleBatch> taskRetry(long taskId, Instant now);

    /** The tasks leased to {@code owner} for {@code account} (any account when null; see {@link TaskClaim#account()}). */
    List<LeasedTask> taskLeaseList(String owner, String account);

    /**
     * Re-leases every task leased to {@code owner} for {@code account} (any when null) under a new token, without
     * counting an attempt.
     */
    List<LeasedTask> taskLeaseResume(String owner, String account, String token, Instant now, Long leaseMillis);

    /** Leases whose expiry has passed, oldest first, for the engine to settle. */
    List<ExpiredLease> taskLeaseExpired(Instant now, int limit);

    /**
     * The leases held by {@code owner} for {@code account} (any when null), as the engine settles them when the owner
     * restarts.
     */
    List<ExpiredLease> taskLeaseOfOwner(String owner, String account);

    /** Sets the waiting tasks of a selection aside (parked); leased ones run on. Returns how many it parked. */
    int taskPark(TaskSelection selection);

    /** Returns the parked tasks of a selection to the state they would have now (blocked, scheduled or ready). */
    Unparked taskUnpark(TaskSelection selection, Instant now);

    /**
     * Moves up to {@code limit} waiting tasks of open jobs past their deadline to their queue's late lane (ordered
     * queues only), where claims serve them by turns with the tasks on time; returns how many it moved.
     */
    int jobLateMove(Instant now, int limit);

    /** Ends up to {@code limit} waiting tasks whose expiry has passed as expired, oldest expiry first. */
    Expired taskExpireDue(Instant now, int limit);

    /** Moves scheduled tasks whose run-at has come to ready; returns the queues that got tasks. */
    Set<String> taskPromoteDue(Instant now, int limit);

    /** The earliest run-at among scheduled tasks. */
    Optional<Instant> taskNextRunAt();

    /** The earliest run-at among a queue's scheduled tasks of these types (any type when empty). */
    Optional<Instant> taskNextRunAt(String queue, Set<String> types);

    /** How many of a queue's tasks of these types (any type when empty) are ready. */
    long taskReadyCount(String queue, Set<String> types);

    /**
     * Inserts one task and, in the same transaction, leases it to the caller as a claim by id would (its profile
     * charged, its queue's suspension and caps honoured) when it is ready and its profile has room now; otherwise it
     * stays queued.
     */
    LeasedInsert taskInsertLeased(TaskRow row, CallerLease lease);

    /**
     * Deletes up to {@code limit} tasks that finished before {@code cutoff}; returns how many, and the blobs they
     * referred to (the caller deletes those after this returns).
     */
    TaskPruned taskPrune(Instant cutoff, int limit);

    /** Of these blob keys, those a task still refers to (a blob not let go of): the others may be deleted. */
    Set<String> taskBlobReferenced(Collection<String> keys);

    /**
     * Lets go of the blobs of those of these tasks that succeeded and are of one of {@code types}, so that their
     * payloads read as gone from now on; returns the keys for the caller to delete.
     */
    List<String> taskBlobRelease(List<Long> taskIds, Set<String> types, Instant now);

    /** Deletes up to {@code limit} finished jobs that ended before {@code cutoff} and have no tasks left. */
    int jobPrune(Instant cutoff, int limit);

    StatusReport status(int openJobLimit);

    // --- deadlines and events ------------------------------------------------------------------------------------

    /**
     * Unfinished tasks at notice level {@code raised} whose deadline is at or before {@code until}, earliest deadline
     * first: one range of the deadline index, never a scan.
     */
    List<DeadlineDue> taskDeadlineDue(int raised, Instant until, int limit);

    /** Open jobs at notice level {@code raised} whose deadline is at or before {@code until}, earliest first. */
    List<DeadlineDue> jobDeadlineDue(int raised, Instant until, int limit);

    /** The earliest deadline among unfinished tasks and open jobs at notice level {@code raised}. */
    Optional<Instant> deadlineNext(int raised);

    /**
     * Raises deadline notices in one transaction, each a compare-and-set on the task's or job's notice level, with its
     * event and alert tasks; returns those raised.
     */
    DeadlineRaised deadlineRaise(List<DeadlineRaise> raises);

    /** Events newest first. */
    List<TideEvent> eventList(EventQuery query);

    // --- profiles ------------------------------------------------------------------------------------------------

    /** Creates or replaces a profile, bumping the revision every claim checks, and logs the change. */
    void profileUpsert(Profile profile, Instant now);

    /** Removes a profile; false when there was none with that key. */
    boolean profileDelete(String key, Instant now);

    List<Profile> profileList();

    /** What each profile says at {@code now}, with the units counted in its hour and its leases. */
    List<ProfileStatus> profileStatus(Instant now, LoadReadings load);

    /** The database's active connections now (a load signal); NaN where the store cannot tell. */
    default double activeConnections() {
        return Double.NaN;
    }

    /** Adds a reading of a load signal to its hour. */
    void loadRecord(String signal, Instant hour, double value);

    /** The mean of a signal's readings over the given hours; NaN when none was recorded. */
    double loadMean(String signal, List<Instant> hours);

    /** Deletes the profiles' hour counts and the load readings of hours before {@code cutoff}; returns how many. */
    int profileHoursPrune(Instant cutoff);

    /** Deletes up to {@code limit} events older than {@code cutoff}; returns how many. */
    int eventPrune(Instant cutoff, int limit);

    // --- schedules -----------------------------------------------------------------------------------------------

    /**
     * Creates or replaces a schedule, and logs it. A replacement keeping the expression and zone keeps its next firing
     * (unless it resumes a paused schedule); otherwise the next firing is {@code nextFireAt}.
     */
    ScheduleInfo scheduleUpsert(Schedule schedule, Instant nextFireAt, Instant now);

    List<ScheduleInfo> scheduleList();

    Optional<ScheduleInfo> scheduleGet(String name);

    /**
     * Pauses a schedule (keeping its next firing: pass null) or resumes it from {@code nextFireAt}, and logs it; empty
     * when there is none by that name.
     */
    Optional<ScheduleInfo> schedulePause(String name, boolean paused, Instant nextFireAt, Instant now);

    /** Removes a schedule and logs it; false when there was none by that name. */
    boolean scheduleDelete(String name, Instant now);

    /** Running schedules whose next firing is at or before {@code now}, earliest first. */
    List<ScheduleInfo> scheduleDue(Instant now, int limit);

    /** The earliest next firing among running schedules. */
    Optional<Instant> scheduleNextFireAt();

    /**
     * Claims a schedule's firings by a compare-and-set of its next firing and, in the same transaction, inserts their
     * instances and the event of any it dropped. Empty, having written nothing, when the next firing is no longer
     * {@link ScheduleFiring#due()} (another node or pass claimed it, or the schedule was paused, changed or removed).
     */
    Optional<InsertBatch> scheduleFire(ScheduleFiring firing);
    /** Appends one event in a transaction of its own (an administrator's action, logged once it has taken effect). */
    void eventInsert(EventRow event);

    // --- processors ----------------------------------------------------------------------------------------------

    /** Creates or replaces a processor's definition (a new one stopped), and logs it; returns it with its runs. */
    ProcessorInfo processorDefine(ProcessorDefinition definition, Instant now);

    /** Every processor with the runs its nodes reported, by name. */
    List<ProcessorInfo> processorList();

    Optional<ProcessorInfo> processorGet(String name);

    /** Starts or stops a processor, and logs it; empty when there is none by that name. */
    Optional<ProcessorInfo> processorStart(String name, boolean started, Instant now);

    /** Removes a processor and its runs, and logs it; false when there was none by that name. */
    boolean processorDelete(String name, Instant now);

    /**
     * Replaces what {@code node} reports about processors: these runs by processor name (seen {@code now}), and none
     * about any other processor. An empty map forgets the node.
     */
    void processorRunSave(String node, Map<String, ProcessorRun> runs, Instant now);

    // --- statistics and the digest -------------------------------------------------------------------------------

    /** The hourly statistics of the query's hours, each (type, hour) once, by hour then type. */
    List<dev.tide.api.HourlyStats> statsList(dev.tide.api.StatsQuery query);

    /** Deletes up to {@code limit} rows of the statistics of hours before {@code cutoff}; returns how many. */
    int statsPrune(Instant cutoff, int limit);

    /** The end of the last digest period; empty when none has started. */
    Optional<Instant> digestLastSent();

    /**
     * The failures and events of {@code [since, until)} and the statistics of the hours it overlaps; at most
     * {@code latest} events are listed per task type's failures and among the other events.
     */
    DigestReport digestReport(Instant since, Instant until, int latest);

    /** Applies the compare-and-set; empty when another node moved the period first, else the digest's insert. */
    Optional<InsertBatch> digestAdvance(DigestAdvance advance);

    /** Counts tasks by state; used by tests and the status command. */
    OptionalLong taskCount(String queue, dev.tide.api.TaskState state);

    // --- folder intake -------------------------------------------------------------------------------------------

    /** The intake switch and the passes' counts (switched on, nothing counted, before anything was written). */
    IntakeStatus intakeGet();

    /** Switches folder intake on or off for every node; returns the status after. */
    IntakeStatus intakeSwitch(boolean enabled, Instant now);

    /** Adds a pass's counts and keeps its scan time if it is the latest. */
    void intakeRecord(IntakePass pass);
    // --- accounts ------------------------------------------------------------------------------------------------

    /** Adds an account; empty when the name is taken. */
    Optional<AccountRecord> accountInsert(dev.tide.api.auth.NewAccount account, String passwordHash, Instant now);

    Optional<AccountRecord> accountGet(String name);

    List<AccountRecord> accountList();

    Optional<AccountRecord> accountSetRoles(String name, Set<dev.tide.api.auth.Role> roles, Instant now);

    /** Sets the password hash and ends the account's sessions, in one transaction. */
    Optional<AccountRecord> accountSetPassword(String name, String passwordHash, Instant now);

    Optional<AccountRecord> accountSetLimits(String name, Integer pendingLimit, Integer submitsPerMinute, Instant now);

    Optional<AccountRecord> accountSetDisabled(String name, boolean disabled, Instant now);

    void tokenInsert(TokenRow token);

    Optional<TokenHolder> tokenLookup(String digest);

    List<dev.tide.api.auth.TokenInfo> tokenList(String account);

    boolean tokenDelete(String account, String id);

    /** Deletes tokens expired by {@code now}; returns how many. */
    int tokenPrune(Instant now);

    /** The limits of users without their own. */
    dev.tide.api.auth.AccountDefaults accountDefaults();

    void accountDefaultsPut(dev.tide.api.auth.AccountDefaults defaults, Instant now);

    /** Deletes the per-user submission counts of minutes before {@code cutoff}; returns how many. */
    int ownerMinutesPrune(Instant cutoff);

    // --- coordination --------------------------------------------------------------------------------------------

    /**
     * Tries to become (or stay) the one node that runs maintenance. A store for one process always answers true.
     */
    boolean leaderTryAcquire();

    /** Gives up leadership if held. */
    void leaderRelease();

    /**
     * Subscribes to "tasks became ready in queue X" from other nodes. Stores without cross-node notification do
     * nothing; the engine polls as a fallback either way.
     */
    void readySubscribe(Consumer<String> listener);

    /** Tells other nodes that tasks became ready in these queues. */
    void readyPublish(Set<String> queues);

    @Override
    void close();
}
