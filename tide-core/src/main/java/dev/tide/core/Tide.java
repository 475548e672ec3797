package dev.tide.core;

import dev.tide.api.Ack;
import dev.tide.api.AckResult;
import dev.tide.api.ClaimRequest;
import dev.tide.api.EnqueueResult;
import dev.tide.api.EnqueuedAndClaimed;
import dev.tide.api.InputRanges;
import dev.tide.api.Intake;
import dev.tide.api.InvalidRequestException;
import dev.tide.api.JobCreated;
import dev.tide.api.JobInfo;
import dev.tide.api.JobQuery;
import dev.tide.api.JobType;
import dev.tide.api.Lease;
import dev.tide.api.LeasedTask;
import dev.tide.api.Monitoring;
import dev.tide.api.NewJob;
import dev.tide.api.NewTask;
import dev.tide.api.Page;
import dev.tide.api.Profiles;
import dev.tide.api.Queues;
import dev.tide.api.TaskCount;
import dev.tide.api.TaskInfo;
import dev.tide.api.TaskQuery;
import dev.tide.api.TaskQueue;
import dev.tide.api.TaskSelection;
import dev.tide.api.TaskType;
import dev.tide.api.auth.AccountWorkers;
import dev.tide.api.auth.Owners;
import dev.tide.api.worker.WorkerPool;
import dev.tide.core.auth.AccountBook;
import dev.tide.core.blob.BlobStore;
import dev.tide.core.cycle.CycleScheduler;
import dev.tide.core.engine.LoadSignals;
import dev.tide.core.processor.ProcessorHost;
import dev.tide.core.settings.BlobSettings;
import dev.tide.core.store.IntakePass;
import dev.tide.core.store.Store;
import dev.tide.core.store.jdbc.JdbcStore;
import dev.tide.core.store.jdbc.JoinedTransaction;
import dev.tide.core.store.postgresql.PostgresStore;
import io.micrometer.core.instrument.MeterRegistry;
import java.sql.Connection;
import java.time.Duration;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * The embedded Tide engine: a {@link TaskQueue} over a {@link Store}, with maintenance and worker pools.
 *
 * <pre>{@code
 * try (Tide tide = Tide.builder().sqlite(Path.of("tide-data")).build()) {
 *     tide.enqueue(NewTask.of("email", Map.of("to", "ada@example.org")));
 *     tide.workerPool().handler("email", ctx -> send(ctx.payload(Email.class))).start();
 * }
 * }</pre>
 *
 * <p>Every method validates its input completely before anything is written, and returns once the write is durable.
 * Times come from the injected clock and are passed into the store's statements; only long-poll waits and heartbeat
 * pacing run on the real monotonic clock.
 */
public final class Tide implements TaskQueue, AccountWorkers {

    private final TideParts parts;
    private volatile boolean closed;

    /** Keeps the parts {@link TideAssembly} built; owns them from here on, and closes them with itself. */
    Tide(TideParts parts) {
        this.parts = parts;
    }

    public static TideBuilder builder() {
        return new TideBuilder();
    }

    // --- the application's transactions (docs/integration.md) ----------------------------------------------------

    /**
     * This queue inside the application's open transaction on {@code connection}, with no commit hooks (see {@link
     * #joining(Connection, CommitHooks)}).
     */
    public TaskQueue joining(Connection connection) {
        return joining(connection, CommitHooks.none());
    }

    /**
     * This queue inside the application's open transaction on {@code connection}: every write and read of the view runs
     * on that connection, in that transaction, with every rule of a normal call (bounds, admission, coalescing,
     * dependencies) evaluated in it. What it writes is visible to workers once the application commits and gone if it
     * rolls back; other nodes (and this one) are woken by a {@code NOTIFY} PostgreSQL delivers at the commit. Tide never
     * commits, rolls back, or changes the connection's autocommit, isolation or search path; its statements name its
     * schema. A failing call takes back only its own writes (a savepoint), so the transaction stays usable; a deadlock
     * or lost connection reaches the application, whose transaction PostgreSQL has aborted. Use the view on the
     * connection's thread, within the transaction.
     *
     * @param hooks told of what must run after the commit in this process (see {@link CommitHooks})
     * @throws TransactionJoinException when the connection has no open transaction (autocommit), is not on Tide's
     *     database and schema (an enqueue done apart would not commit or roll back with the application's work), or
     *     the store is SQLite
     */
    public TaskQueue joining(Connection connection, CommitHooks hooks) {
        if (connection == null) {
            throw new TransactionJoinException("is required");
        }
        if (hooks == null) {
            throw new InvalidRequestException("hooks", "is required; CommitHooks.none() for none");
        }
        if (!(parts.store() instanceof PostgresStore postgres)) {
            throw new TransactionJoinException(
                    parts.store().info().dialect().equals("sqlite")
                            ? "SQLite: Tide cannot join a transaction on a connection it does not own; use Tide.transaction(work)"
                            : "this store cannot join an application's transaction");
        }
        JoinedQueue.requireOpenTransaction(connection);
        String problem = postgres.notOnThisStore(connection);
        if (problem != null) {
            throw new TransactionJoinException(problem);
        }
        return JoinedQueue.over(this, new JoinedTransaction(connection, hooks::afterCommit), connection);
    }

    /**
     * Runs {@code work} in one transaction Tide opens on a connection of its own (PostgreSQL: its pool; SQLite: its
     * writer): the application's statements on the work's connection and Tide's calls on its queue commit together
     * when the work returns, or roll back together when it throws (the exception propagates). What must follow the
     * commit in this process (wake-ups, meters) runs after it. The work may not commit, roll back or change the
     * connection's settings. On SQLite this is how an application's writes and Tide's share a transaction: the
     * application's tables live in Tide's database file, and the work runs on the single writer thread, inside a
     * savepoint of its own, so a failing work takes back only itself, never the other writes committed with it. Keep it
     * short: on SQLite every other write waits for it.
     */
    @SuppressWarnings("try") // the scope puts the thread inside the joined transaction; never read
    public <T> T transaction(JoinedWork<T> work) {
        if (work == null) {
            throw new InvalidRequestException("work", "is required");
        }
        if (!(parts.store() instanceof JdbcStore store)) {
            throw new TransactionJoinException("this store cannot run an application's work in its transaction");
        }
        List<Runnable> afterCommit = new ArrayList<>();
        T result = store.ownTransaction(tx -> {
            afterCommit.clear();
            JoinedTransaction joined = new JoinedTransaction(tx.connection(), afterCommit::add);
            try (JoinedTransaction.Scope ignored = joined.enter()) {
                return work.run(LentConnection.of(tx.connection()), JoinedQueue.over(this, joined, null));
            }
        });
        afterCommit.forEach(Runnable::run);
        return result;
    }

    // --- producing (Producing) ---------------------------------------------------------------------------------------

    @Override
    public EnqueueResult enqueue(NewTask task) {
        return enqueueAll(List.of(task)).get(0);
    }

    @Override
    public List<EnqueueResult> enqueueAll(List<NewTask> tasks) {
        return parts.producing().enqueueAll(tasks);
    }

    @Override
    public JobCreated createJob(NewJob job) {
        return parts.producing().createJob(job);
    }

    @Override
    public EnqueuedAndClaimed enqueueAndClaim(NewTask task, String worker, Duration leaseDuration) {
        return enqueueAndClaim(null, task, worker, leaseDuration);
    }

    @Override
    public EnqueuedAndClaimed enqueueAndClaim(String account, NewTask task, String worker, Duration leaseDuration) {
        return parts.producing().enqueueAndClaim(account, task, worker, leaseDuration);
    }

    // --- consuming (Claiming, Acknowledging) -------------------------------------------------------------------------

    @Override
    public List<LeasedTask> claim(ClaimRequest request) {
        return claim(null, request);
    }

    @Override
    public List<LeasedTask> claim(String account, ClaimRequest request) {
        return parts.claiming().claim(account, request);
    }

    @Override
    public Optional<LeasedTask> claimTask(long taskId, String worker, Duration leaseDuration) {
        return claimTask(null, taskId, worker, leaseDuration);
    }

    @Override
    public Optional<LeasedTask> claimTask(String account, long taskId, String worker, Duration leaseDuration) {
        return parts.claiming().claimTask(account, taskId, worker, leaseDuration);
    }

    @Override
    public List<Lease> heartbeat(List<Lease> leases, Duration extension) {
        return parts.acknowledging().heartbeat(leases, extension);
    }

    @Override
    public List<AckResult> ackAll(List<Ack> list) {
        return parts.acknowledging().ackAll(list);
    }

    @Override
    public List<LeasedTask> leases(String worker) {
        return leases(null, worker);
    }

    @Override
    public List<LeasedTask> leases(String account, String worker) {
        return parts.claiming().leases(account, worker);
    }

    @Override
    public List<LeasedTask> resumeLeases(String worker, Duration leaseDuration) {
        return resumeLeases(null, worker, leaseDuration);
    }

    @Override
    public List<LeasedTask> resumeLeases(String account, String worker, Duration leaseDuration) {
        return parts.claiming().resumeLeases(account, worker, leaseDuration);
    }

    @Override
    public int releaseLeases(String worker) {
        return releaseLeases(null, worker);
    }

    @Override
    public int releaseLeases(String account, String worker) {
        return parts.acknowledging().releaseLeases(account, worker);
    }

    // --- inspecting (Inspecting) -------------------------------------------------------------------------------------

    @Override
    public TaskInfo task(long taskId) {
        return parts.inspecting().task(taskId);
    }

    @Override
    public Page<TaskInfo> tasks(TaskQuery query) {
        return parts.inspecting().tasks(query);
    }

    @Override
    public TaskCount countTasks(TaskQuery filter) {
        return parts.inspecting().countTasks(filter);
    }

    @Override
    public TaskInfo cancel(long taskId, String reason) {
        return parts.inspecting().cancel(taskId, reason);
    }

    @Override
    public TaskInfo retry(long taskId) {
        return parts.inspecting().retry(taskId);
    }

    @Override
    public int park(TaskSelection selection) {
        return parts.inspecting().park(selection);
    }

    @Override
    public int unpark(TaskSelection selection) {
        return parts.inspecting().unpark(selection);
    }

    @Override
    public JobInfo job(long jobId) {
        return parts.inspecting().job(jobId);
    }

    @Override
    public JobInfo cancelJob(long jobId, String reason) {
        return parts.inspecting().cancelJob(jobId, reason);
    }

    @Override
    public JobInfo updateJobInfo(long jobId, String infoJson) {
        return parts.inspecting().updateJobInfo(jobId, infoJson);
    }

    @Override
    public List<Long> dependents(long taskId) {
        return parts.inspecting().dependents(taskId);
    }

    @Override
    public Page<JobInfo> jobs(JobQuery query) {
        return parts.inspecting().jobs(query);
    }

    // --- types (TypeDefinitions) -------------------------------------------------------------------------------------

    @Override
    public TaskType defineTaskType(TaskType type) {
        return parts.typeDefinitions().defineTaskType(type);
    }

    @Override
    public List<TaskType> taskTypes() {
        return parts.typeDefinitions().taskTypes();
    }

    @Override
    public JobType defineJobType(JobType type) {
        return parts.typeDefinitions().defineJobType(type);
    }

    @Override
    public List<JobType> jobTypes() {
        return parts.typeDefinitions().jobTypes();
    }

    /**
     * What stored definitions hold outside today's {@link InputRanges}, one line each (written before the ranges were
     * checked): the engine bounds such values where it uses them; {@code tide status} shows these lines.
     */
    public List<String> storedOutOfRange() {
        return parts.monitoring().storedOutOfRange();
    }

    // --- the API's parts ---------------------------------------------------------------------------------------------

    @Override
    public Queues queues() {
        return parts.queues();
    }

    @Override
    public Monitoring monitoring() {
        return parts.monitoring();
    }

    @Override
    public dev.tide.api.Processors processors() {
        return parts.processors();
    }

    /**
     * What runs this node's local processors: register the handlers they may run here ({@link
     * ProcessorHost#addHandlers}), or run a pass now ({@link ProcessorHost#runOnce()}; its thread does this every
     * maintenance interval when maintenance runs).
     */
    public ProcessorHost processorHost() {
        return parts.processorHost();
    }

    @Override
    public Profiles profiles() {
        return parts.profiles();
    }

    /** The load signals profiles read: register a source of your own, or report a value such as your request rate. */
    public LoadSignals loadSignals() {
        return parts.load();
    }

    @Override
    public dev.tide.api.Schedules schedules() {
        return parts.schedules();
    }

    @Override
    public Intake intake() {
        return parts.intake();
    }

    /**
     * Bulk actions on this engine; its owner-taking operations are what a server calls for a caller confined to its
     * own tasks.
     */
    @Override
    public EmbeddedBulkActions bulk() {
        return parts.bulk();
    }

    /**
     * Adds what a node's pass through its inbox folder did to the counts {@link Intake#status()} reports and the files
     * {@link Intake#files} lists.
     */
    public void recordIntakePass(IntakePass pass) {
        parts.store().intake().intakeRecord(pass);
    }

    // --- engine ------------------------------------------------------------------------------------------------------

    /** The engine's blob store, where payloads above the threshold go; empty when it has none. */
    public Optional<BlobStore> blobStore() {
        return Optional.ofNullable(parts.blobs().store());
    }

    /** The largest task payload this engine accepts: raised by a blob store (see {@link BlobSettings}). */
    public long taskPayloadCapBytes() {
        TideConfig config = parts.config();
        return parts.blobs().store() == null
                ? config.payloadCapBytes()
                : Math.max(config.payloadCapBytes(), config.blobs().payloadCapBytes());
    }

    /** Each background service's pass, run now on the caller's thread. */
    public BackgroundPasses passes() {
        return parts.passes();
    }

    /** A worker pool on this engine, named {@code <node>/<queue>} and shut down (gracefully) by {@link #close()}. */
    public WorkerPool.Builder workerPool() {
        return WorkerPool.builder(this)
                .workerNamePrefix(parts.config().nodeName())
                .onStart(parts.pools()::add);
    }

    /** The processing cycles of queue clients: one run now, or scheduled at a period (see docs/cycles.md). */
    public CycleScheduler cycles() {
        return parts.cycles();
    }

    /**
     * The built-in user store: who may call a {@code TideServer} in front of this engine, with which roles and
     * credentials. The engine itself does not check callers; the server does.
     */
    public AccountBook accounts() {
        return parts.accounts();
    }

    /**
     * Who owns which tasks and jobs, asked in one statement per kind: what the server checks every id a confined
     * caller names against.
     */
    public Owners owners() {
        return parts.inspecting().owners();
    }

    public MeterRegistry meterRegistry() {
        return parts.meters();
    }

    /** Called after a job ends (after its transaction committed), on the thread that ended it. */
    public void onJobFinished(Consumer<JobInfo> listener) {
        parts.notices().onJobFinished(listener);
    }

    // package-private: outside this package the store's reads go through storeReadings() (tide-core's tests in
    // other packages use TideInternals), and the architecture test refuses any call of it outside core
    Store store() {
        return parts.store();
    }

    /** What this node's claims wait on (for tests that count wake-ups). */
    dev.tide.core.engine.ReadySignal readySignal() {
        return parts.notices().signal();
    }

    /** The reads of the store that the server, the CLI and the benchmarks make; the store itself stays in core. */
    public StoreReadings storeReadings() {
        return new StoreReadings(parts.store());
    }

    public TideConfig config() {
        return parts.config();
    }

    public InstantSource clock() {
        return parts.clock();
    }

    /** Stops the worker pools (letting running tasks finish within their grace), maintenance, and the store. */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        parts.claiming().closing();
        parts.notices().signal().signal(List.of());
        try {
            // in the reverse of their start order, see TideAssembly
            parts.services().stop();
        } finally {
            closeQuietly(parts.ownedClock());
            parts.store().close();
            closeQuietly(parts.blobs().store());
            // The OS releases the folder lock with the process in any case.
            closeQuietly(parts.folderLock());
        }
    }

    static void closeQuietly(AutoCloseable resource) {
        if (resource != null) {
            try {
                resource.close();
            } catch (Exception ignored) {
                // Closing at shutdown; nothing left to do about it.
            }
        }
    }
}
