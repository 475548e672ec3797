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
import dev.tide.api.JobType;
import dev.tide.api.Lease;
import dev.tide.api.LeasedTask;
import dev.tide.api.Monitoring;
import dev.tide.api.NewJob;
import dev.tide.api.NewTask;
import dev.tide.api.NotFoundException;
import dev.tide.api.Page;
import dev.tide.api.Profiles;
import dev.tide.api.Queues;
import dev.tide.api.TaskDefaults;
import dev.tide.api.TaskInfo;
import dev.tide.api.TaskQuery;
import dev.tide.api.TaskQueue;
import dev.tide.api.TaskSelection;
import dev.tide.api.TaskType;
import dev.tide.api.TideEvent;
import dev.tide.api.TideException;
import dev.tide.api.Warning;
import dev.tide.api.auth.AccountWorkers;
import dev.tide.api.auth.Owners;
import dev.tide.api.worker.WorkerPool;
import dev.tide.core.auth.AccountBook;
import dev.tide.core.blob.BlobStore;
import dev.tide.core.cycle.CycleScheduler;
import dev.tide.core.engine.AckResolver;
import dev.tide.core.engine.AdminLog;
import dev.tide.core.engine.BlobPayloads;
import dev.tide.core.engine.DeadlineMonitor;
import dev.tide.core.engine.Digest;
import dev.tide.core.engine.Inputs;
import dev.tide.core.engine.KnownTypes;
import dev.tide.core.engine.LoadSignals;
import dev.tide.core.engine.Maintenance;
import dev.tide.core.engine.OrphanSweep;
import dev.tide.core.engine.ProfileSessions;
import dev.tide.core.engine.ReadySignal;
import dev.tide.core.engine.Schedules;
import dev.tide.core.engine.ServiceGroup;
import dev.tide.core.engine.TaskResolver;
import dev.tide.core.engine.TypeRanges;
import dev.tide.core.engine.TypeRegistry;
import dev.tide.core.processor.ProcessorActivity;
import dev.tide.core.processor.ProcessorBook;
import dev.tide.core.processor.ProcessorClaims;
import dev.tide.core.processor.ProcessorHost;
import dev.tide.core.processor.Processors;
import dev.tide.core.settings.BlobSettings;
import dev.tide.core.store.CallerLease;
import dev.tide.core.store.ExpiredLease;
import dev.tide.core.store.InsertBatch;
import dev.tide.core.store.IntakePass;
import dev.tide.core.store.JobInsertResult;
import dev.tide.core.store.JobRow;
import dev.tide.core.store.LeaseExtension;
import dev.tide.core.store.LeasedInsert;
import dev.tide.core.store.ProfileSession;
import dev.tide.core.store.SettleBatch;
import dev.tide.core.store.Settlement;
import dev.tide.core.store.Store;
import dev.tide.core.store.TaskClaim;
import dev.tide.core.store.TaskClaimById;
import dev.tide.core.store.TaskRow;
import dev.tide.core.store.Tokens;
import dev.tide.core.store.Unparked;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
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

    private final Store store;
    private final InstantSource clock;
    private final TideConfig config;
    private final TypeRegistry types;
    private final KnownTypes knownTypes;
    private final TaskResolver resolver;
    private final AckResolver acks;
    private final ReadyNotices notices;
    private final ReadySignal ready;
    private final Maintenance maintenance;
    private final DeadlineMonitor deadlines;
    private final Schedules schedules;
    private final MeterRegistry meters;
    private final TaskMeters taskMeters;
    private final AutoCloseable folderLock;
    private final AutoCloseable ownedClock;
    private final WorkerPools pools;
    private final LoadSignals load;
    private final ProfileSessions sessions;
    private final CycleScheduler cycles;
    private final AdminLog admin;
    private final AccountBook accounts;
    private final EmbeddedQueues queues;
    private final EmbeddedProfiles profiles;
    private final EmbeddedMonitoring monitoring;
    private final EmbeddedIntake intake;
    private final Digest digest;
    private final ProcessorBook processorBook;
    private final ProcessorActivity processorActivity;
    private final ProcessorHost processorHost;
    private final Processors processors;
    private final BlobPayloads blobs;
    private final OrphanSweep sweep;
    private final ServiceGroup services;
    private volatile boolean closed;

    /** Keeps the parts {@link TideAssembly} built; owns them from here on, and closes them with itself. */
    Tide(TideParts parts) {
        this.store = parts.store();
        this.clock = parts.clock();
        this.config = parts.config();
        this.types = parts.types();
        this.knownTypes = parts.knownTypes();
        this.resolver = parts.resolver();
        this.acks = parts.acks();
        this.notices = parts.notices();
        this.ready = notices.signal();
        this.maintenance = parts.maintenance();
        this.deadlines = parts.deadlines();
        this.schedules = parts.schedules();
        this.meters = parts.meters();
        this.taskMeters = parts.taskMeters();
        this.folderLock = parts.folderLock();
        this.ownedClock = parts.ownedClock();
        this.load = parts.load();
        this.sessions = parts.sessions();
        this.cycles = parts.cycles();
        this.admin = parts.admin();
        this.accounts = parts.accounts();
        this.digest = parts.digest();
        this.processorBook = parts.processorBook();
        this.processorActivity = parts.processorActivity();
        this.processorHost = parts.processorHost();
        this.processors = parts.processors();
        this.blobs = parts.blobs();
        this.sweep = parts.sweep();
        this.pools = parts.pools();
        this.services = parts.services();
        this.queues = parts.queues();
        this.profiles = parts.profiles();
        this.monitoring = parts.monitoring();
        this.intake = parts.intake();
    }

    public static TideBuilder builder() {
        return new TideBuilder();
    }

    // --- producing -----------------------------------------------------------------------------------------------

    @Override
    public EnqueueResult enqueue(NewTask task) {
        return enqueueAll(List.of(task)).get(0);
    }

    @Override
    public List<EnqueueResult> enqueueAll(List<NewTask> tasks) {
        if (tasks == null || tasks.isEmpty()) {
            throw new InvalidRequestException("tasks", "give at least one task");
        }
        if (tasks.size() > TideConfig.MAX_BATCH) {
            throw new InvalidRequestException("tasks", "at most " + TideConfig.MAX_BATCH + " per batch");
        }
        long started = System.nanoTime();
        Instant now = clock.instant();
        Map<Long, String> jobTypes = new HashMap<>();
        List<TaskRow> rows = resolver.resolveAll(
                tasks,
                i -> tasks.size() == 1 ? "" : "tasks[" + i + "].",
                (t, field) ->
                        t.jobId() == null ? null : jobTypes.computeIfAbsent(t.jobId(), id -> jobTypeOf(id, field)),
                null,
                now);
        InsertBatch batch = blobs.inserting(rows, () -> store.inserts().taskInsertMany(rows));
        taskMeters.enqueueTook(System.nanoTime() - started);
        taskMeters.enqueued(batch.results());
        wake(batch.readyQueues());
        return withTypeWarnings(blobs.readEnqueued(batch.results()));
    }

    /** Each result with a warning when its task's type is one that nothing names (see {@link KnownTypes}). */
    private List<EnqueueResult> withTypeWarnings(List<EnqueueResult> results) {
        Map<String, Warning> unnamed =
                knownTypes.unnamed(results.stream().map(r -> r.task().type()).toList());
        if (unnamed.isEmpty()) {
            return results;
        }
        return results.stream()
                .map(r -> {
                    Warning warning = unnamed.get(r.task().type());
                    return warning == null ? r : r.withWarnings(List.of(warning));
                })
                .toList();
    }

    @Override
    public JobCreated createJob(NewJob job) {
        if (job == null) {
            throw new InvalidRequestException("job", "is required");
        }
        String typeName = TaskType.requireName("type", job.type());
        if (job.tasks().size() > TideConfig.MAX_BATCH) {
            throw new InvalidRequestException("tasks", "at most " + TideConfig.MAX_BATCH + " per job creation");
        }
        Instant now = clock.instant();
        JobType type = types.jobType(typeName);
        int priority =
                job.priority() != null ? job.priority() : type != null && type.priority() != null ? type.priority() : 0;
        Instant deadline = job.deadline() != null
                ? InputRanges.FUTURE.check("deadline", job.deadline(), now)
                : type != null && type.defaultDuration() != null
                        ? InputRanges.plusAtMostLatest(now, type.defaultDuration())
                        : null;
        String owner = Inputs.text("owner", job.owner());
        JobRow row = new JobRow(
                typeName,
                Inputs.text("title", job.title()),
                owner == null ? "" : owner,
                priority,
                deadline,
                Inputs.json("info", job.info(), config.payloadCapBytes()),
                now);
        List<NewTask> tasks = new ArrayList<>(job.tasks().size());
        for (int i = 0; i < job.tasks().size(); i++) {
            NewTask t = job.tasks().get(i);
            if (t != null && t.jobId() != null) {
                throw new InvalidRequestException("tasks[" + i + "].jobId", "is set by Tide for a new job's tasks");
            }
            tasks.add(t != null && t.owner() == null && owner != null ? t.withOwner(owner) : t);
        }
        List<TaskRow> rows = resolver.resolveAll(tasks, i -> "tasks[" + i + "].", (t, field) -> typeName, 0L, now);
        JobInsertResult result = blobs.inserting(rows, () -> store.inserts().jobInsert(row, rows));
        wake(result.readyQueues());
        return new JobCreated(result.job(), result.taskIds());
    }

    /** @param field where the job id sits in the request, named when there is no such job */
    private String jobTypeOf(long jobId, String field) {
        return store.reads()
                .jobGet(jobId)
                .orElseThrow(() -> Owners.noSuchJob(field, jobId))
                .type();
    }

    // --- consuming -----------------------------------------------------------------------------------------------

    @Override
    public List<LeasedTask> claim(ClaimRequest request) {
        return claim(null, request);
    }

    @Override
    public List<LeasedTask> claim(String account, ClaimRequest request) {
        if (request.processor() != null) {
            TaskType.requireName("processor", request.processor());
        }
        if (request.processor() == null || request.queue() != null) {
            TaskType.requireName("queue", request.queue());
        }
        String worker = Inputs.requiredText("worker", request.worker());
        if (request.limit() < 1 || request.limit() > ClaimRequest.MAX_LIMIT) {
            throw new InvalidRequestException("limit", "must be between 1 and " + ClaimRequest.MAX_LIMIT);
        }
        request.types().forEach(t -> TaskType.requireName("types", t));
        request.users().allNamed().forEach(u -> Inputs.text("users", u));
        if (request.maxPayloadBytes() != null && request.maxPayloadBytes() < 0) {
            throw new InvalidRequestException("maxPayloadBytes", "must not be negative");
        }
        Long leaseMillis = leaseMillis("leaseDuration", request.leaseDuration());
        Duration wait =
                request.waitFor() == null ? Duration.ZERO : InputRanges.DELAY.check("waitFor", request.waitFor());
        ProfileSession session = sessions.named(Inputs.text("session", request.session()));
        long deadline = System.nanoTime() + wait.toNanos();
        while (true) {
            // Under a processor, its definition as it stands now: a start, stop or change applies to waiting claims.
            ProcessorClaims.Narrowed under = request.processor() == null
                    ? new ProcessorClaims.Narrowed(request, true)
                    : ProcessorClaims.narrow(request, processorBook.get(request.processor()));
            ClaimRequest effective = under.request();
            String queue = effective.queue();
            long seen = ready.version(queue);
            long attempt = System.nanoTime();
            List<LeasedTask> claimed = !under.started()
                    ? List.of()
                    : store.claims()
                            .taskClaim(new TaskClaim(
                                    queue,
                                    effective.types(),
                                    request.limit(),
                                    worker,
                                    account,
                                    Tokens.next(),
                                    clock.instant(),
                                    leaseMillis,
                                    effective.maxPayloadBytes(),
                                    effective.users(),
                                    load,
                                    session,
                                    null));
            if (under.started()) {
                load.recordSampled();
                taskMeters.claimTook(queue, System.nanoTime() - attempt);
                taskMeters.claimed(claimed);
                knownTypes.named(effective.types());
                knownTypes.named(claimed.stream().map(l -> l.task().type()).toList());
                claimed = withPayloads(claimed);
            }
            if (request.processor() != null) {
                processorActivity.claimed(request.processor(), worker, claimed.size());
            }
            long left = deadline - System.nanoTime();
            if (!claimed.isEmpty() || left <= 0 || closed) {
                return claimed;
            }
            try {
                ready.await(queue, seen, Math.min(left, config.pollInterval().toNanos()));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return List.of();
            }
        }
    }

    @Override
    public EnqueuedAndClaimed enqueueAndClaim(NewTask task, String worker, Duration leaseDuration) {
        return enqueueAndClaim(null, task, worker, leaseDuration);
    }

    @Override
    public EnqueuedAndClaimed enqueueAndClaim(String account, NewTask task, String worker, Duration leaseDuration) {
        if (task == null) {
            throw new InvalidRequestException("task", "is required");
        }
        String owner = Inputs.requiredText("worker", worker);
        Long leaseMillis = leaseMillis("leaseDuration", leaseDuration);
        Instant now = clock.instant();
        TaskRow row = resolver.resolveAll(
                        List.of(task),
                        i -> "",
                        (t, field) -> t.jobId() == null ? null : jobTypeOf(t.jobId(), field),
                        null,
                        now)
                .get(0);
        LeasedInsert inserted = blobs.inserting(
                List.of(row),
                () -> store.inserts()
                        .taskInsertLeased(row, new CallerLease(owner, account, Tokens.next(), now, leaseMillis, load)));
        taskMeters.enqueued(inserted.batch().results());
        if (inserted.leased() != null) {
            taskMeters.claimed(List.of(inserted.leased()));
            knownTypes.named(List.of(inserted.leased().task().type()));
        }
        wake(inserted.batch().readyQueues());
        return new EnqueuedAndClaimed(
                withTypeWarnings(blobs.readEnqueued(inserted.batch().results())).get(0),
                inserted.leased() == null ? null : withPayload(inserted.leased()));
    }

    @Override
    public Optional<LeasedTask> claimTask(long taskId, String worker, Duration leaseDuration) {
        return claimTask(null, taskId, worker, leaseDuration);
    }

    @Override
    public Optional<LeasedTask> claimTask(String account, long taskId, String worker, Duration leaseDuration) {
        String owner = Inputs.requiredText("worker", worker);
        Optional<LeasedTask> claimed = store.claims()
                .taskClaimById(new TaskClaimById(
                        taskId,
                        owner,
                        account,
                        Tokens.next(),
                        clock.instant(),
                        leaseMillis("leaseDuration", leaseDuration),
                        load));
        claimed.ifPresent(l -> taskMeters.claimed(l.task()));
        claimed.ifPresent(l -> knownTypes.named(List.of(l.task().type())));
        if (claimed.isEmpty() && store.reads().taskGet(taskId).isEmpty()) {
            throw new NotFoundException("task " + taskId);
        }
        return claimed.map(this::withPayload);
    }

    @Override
    public List<Lease> heartbeat(List<Lease> leases, Duration extension) {
        Long extensionMillis = leaseMillis("extension", extension);
        if (leases.isEmpty()) {
            return List.of();
        }
        List<LeaseExtension.LeaseRef> refs = leases.stream()
                .map(l -> new LeaseExtension.LeaseRef(l.taskId(), Inputs.requiredText("token", l.token())))
                .toList();
        return store.claims().taskLeaseExtend(new LeaseExtension(refs, clock.instant(), extensionMillis));
    }

    @Override
    public List<AckResult> ackAll(List<Ack> list) {
        if (list == null || list.isEmpty()) {
            throw new InvalidRequestException("acks", "give at least one acknowledgement");
        }
        if (list.size() > TideConfig.MAX_BATCH) {
            throw new InvalidRequestException("acks", "at most " + TideConfig.MAX_BATCH + " per batch");
        }
        Instant now = clock.instant();
        List<Long> retried = list.stream()
                .filter(a -> a != null && a.kind() == Ack.Kind.RETRY)
                .map(Ack::taskId)
                .toList();
        Map<Long, TaskInfo> current = new HashMap<>();
        store.reads().taskGetMany(retried).forEach(t -> current.put(t.id(), t));
        Map<Long, String> jobTypes = new HashMap<>();
        List<Settlement> settlements =
                acks.resolve(list, current, (id, field) -> jobTypes.computeIfAbsent(id, j -> jobTypeOf(j, field)), now);
        List<TaskRow> produced = new ArrayList<>();
        settlements.forEach(s -> produced.addAll(s.enqueue()));
        SettleBatch batch = blobs.inserting(produced, () -> store.settlements().taskSettleMany(settlements, now));
        taskMeters.acknowledged(list, batch.results());
        blobs.releaseSucceeded(batch.results(), types.blobDeletingTypes(), now);
        afterSettle(batch);
        return batch.results();
    }

    private static Long leaseMillis(String field, Duration lease) {
        return lease == null ? null : InputRanges.LEASE.check(field, lease).toMillis();
    }

    // --- reading and administration -----------------------------------------------------------------------------

    @Override
    public TaskInfo task(long taskId) {
        return blobs.read(store.reads().taskGet(taskId).orElseThrow(() -> new NotFoundException("task " + taskId)));
    }

    @Override
    public Page<TaskInfo> tasks(TaskQuery query) {
        return store.reads().taskList(query == null ? TaskQuery.all() : query);
    }

    @Override
    public TaskInfo cancel(long taskId, String reason) {
        String why = Inputs.message(reason);
        SettleBatch batch = store.settlements()
                .taskCancel(taskId, why, clock.instant())
                .orElseThrow(() -> new NotFoundException("task " + taskId));
        afterSettle(batch);
        admin.record(
                TideEvent.TASK_CANCELLED,
                taskId,
                batch.task().jobId(),
                batch.task().queue(),
                detail("reason", why));
        return blobs.readIfAvailable(batch.task());
    }

    @Override
    public TaskInfo retry(long taskId) {
        SettleBatch batch = store.settlements()
                .taskRetry(taskId, clock.instant())
                .orElseThrow(() -> new NotFoundException("task " + taskId));
        afterSettle(batch);
        admin.record(
                TideEvent.TASK_RETRIED,
                taskId,
                batch.task().jobId(),
                batch.task().queue(),
                Map.of());
        return blobs.readIfAvailable(batch.task());
    }

    @Override
    public int park(TaskSelection selection) {
        int parked = store.settlements().taskPark(requireSelection(selection));
        admin.record(TideEvent.TASKS_PARKED, null, null, selection.queue(), selected(selection, parked));
        return parked;
    }

    @Override
    public int unpark(TaskSelection selection) {
        Unparked unparked = store.settlements().taskUnpark(requireSelection(selection), clock.instant());
        wake(unparked.readyQueues());
        admin.record(TideEvent.TASKS_UNPARKED, null, null, selection.queue(), selected(selection, unparked.count()));
        return unparked.count();
    }

    private static Map<String, Object> selected(TaskSelection selection, int count) {
        Map<String, Object> detail = new LinkedHashMap<>();
        detail.put("selection", selection);
        detail.put("count", count);
        return detail;
    }

    /** A detail of one field, which may be null. */
    private static Map<String, Object> detail(String name, Object value) {
        Map<String, Object> detail = new LinkedHashMap<>();
        detail.put(name, value);
        return detail;
    }

    private TaskSelection requireSelection(TaskSelection selection) {
        if (selection == null) {
            throw new InvalidRequestException("selection", "is required");
        }
        InputRanges.INSTANT.check("receivedFrom", selection.receivedFrom(), clock.instant());
        InputRanges.INSTANT.check("receivedTo", selection.receivedTo(), clock.instant());
        return selection;
    }

    @Override
    public JobInfo job(long jobId) {
        return store.reads().jobGet(jobId).orElseThrow(() -> new NotFoundException("job " + jobId));
    }

    @Override
    public JobInfo cancelJob(long jobId, String reason) {
        String why = Inputs.message(reason);
        SettleBatch batch = store.settlements()
                .jobCancel(jobId, why, clock.instant())
                .orElseThrow(() -> new NotFoundException("job " + jobId));
        afterSettle(batch);
        admin.record(TideEvent.JOB_CANCELLED, null, jobId, null, detail("reason", why));
        return job(jobId);
    }

    @Override
    public JobInfo updateJobInfo(long jobId, String infoJson) {
        String info = Inputs.json("info", infoJson, config.payloadCapBytes());
        return store.reads().jobInfoUpdate(jobId, info).orElseThrow(() -> new NotFoundException("job " + jobId));
    }

    @Override
    public List<LeasedTask> leases(String worker) {
        return leases(null, worker);
    }

    @Override
    public List<LeasedTask> leases(String account, String worker) {
        List<LeasedTask> held = store.claims().taskLeaseList(Inputs.requiredText("worker", worker), account);
        List<LeasedTask> out = new ArrayList<>(held.size());
        for (LeasedTask t : held) {
            // A read: an unreadable payload is reported, and the lease left as it is.
            out.add(t.task().payloadInBlob() ? new LeasedTask(blobs.read(t.task()), t.lease(), t.budget()) : t);
        }
        return out;
    }

    @Override
    public List<LeasedTask> resumeLeases(String worker, Duration leaseDuration) {
        return resumeLeases(null, worker, leaseDuration);
    }

    @Override
    public List<LeasedTask> resumeLeases(String account, String worker, Duration leaseDuration) {
        return withPayloads(store.claims()
                .taskLeaseResume(
                        Inputs.requiredText("worker", worker),
                        account,
                        Tokens.next(),
                        clock.instant(),
                        leaseMillis("leaseDuration", leaseDuration)));
    }

    // --- payloads in the blob store ------------------------------------------------------------------------------

    private List<LeasedTask> withPayloads(List<LeasedTask> claimed) {
        return blobs.readClaimed(claimed, this::giveBack);
    }

    private LeasedTask withPayload(LeasedTask claimed) {
        return blobs.readClaimed(claimed, this::giveBack);
    }

    /** A claimed task whose payload cannot be read goes back with a retry, to go dead after its max attempts. */
    private void giveBack(LeasedTask t, TideException why) {
        try {
            ackAll(List.of(
                    t.ack().message("payload not readable: " + why.getMessage()).retry()));
        } catch (RuntimeException e) {
            // The lease runs out and the task comes back all the same.
            why.addSuppressed(e);
        }
    }

    /** The engine's blob store, where payloads above the threshold go; empty when it has none. */
    public Optional<BlobStore> blobStore() {
        return Optional.ofNullable(blobs.store());
    }

    /**
     * Sweeps the blob store for orphans now (maintenance does it every {@link BlobSettings#sweepInterval()}): deletes
     * the blobs older than the grace period that no task refers to; answers how many.
     */
    public int sweepBlobs() {
        return sweep == null ? 0 : sweep.run(clock.instant());
    }

    /** The largest task payload this engine accepts: raised by a blob store (see {@link BlobSettings}). */
    public long taskPayloadCapBytes() {
        return blobs.store() == null
                ? config.payloadCapBytes()
                : Math.max(config.payloadCapBytes(), config.blobs().payloadCapBytes());
    }

    @Override
    public int releaseLeases(String worker) {
        return releaseLeases(null, worker);
    }

    @Override
    public int releaseLeases(String account, String worker) {
        List<ExpiredLease> held = store.claims().taskLeaseOfOwner(Inputs.requiredText("worker", worker), account);
        if (held.isEmpty()) {
            return 0;
        }
        Instant now = clock.instant();
        List<Settlement> settlements = held.stream()
                .map(l -> acks.reclaim(l, "released: worker " + worker + " restarted", now))
                .toList();
        SettleBatch batch = store.settlements().taskSettleMany(settlements, now);
        afterSettle(batch);
        return (int) batch.results().stream().filter(AckResult::accepted).count();
    }

    @Override
    public TaskType defineTaskType(TaskType type) {
        if (type == null) {
            throw new InvalidRequestException("type", "is required");
        }
        TypeRanges.check("", type.defaults());
        store.catalog().taskTypeUpsert(type, clock.instant());
        types.reload();
        admin.record(TideEvent.TASK_TYPE_DEFINED, null, null, null, detail("definition", type));
        return type;
    }

    /**
     * What stored definitions hold outside today's {@link InputRanges}, one line each (written before the ranges were
     * checked): the engine bounds such values where it uses them; {@code tide status} shows these lines.
     */
    public List<String> storedOutOfRange() {
        return monitoring.storedOutOfRange();
    }

    @Override
    public List<TaskType> taskTypes() {
        return types.taskTypes();
    }

    @Override
    public JobType defineJobType(JobType type) {
        if (type == null) {
            throw new InvalidRequestException("type", "is required");
        }
        InputRanges.DEFAULT_DURATION.check("defaultDuration", type.defaultDuration());
        TypeRanges.check("taskDefaults.", type.taskDefaults());
        store.catalog().jobTypeUpsert(type, clock.instant());
        types.reload();
        admin.record(TideEvent.JOB_TYPE_DEFINED, null, null, null, detail("definition", type));
        return type;
    }

    @Override
    public List<JobType> jobTypes() {
        return types.jobTypes();
    }

    @Override
    public Queues queues() {
        return queues;
    }

    @Override
    public Monitoring monitoring() {
        return monitoring;
    }

    // --- processors ----------------------------------------------------------------------------------------------

    @Override
    public dev.tide.api.Processors processors() {
        return processors;
    }

    /**
     * What runs this node's local processors: register the handlers they may run here ({@link
     * ProcessorHost#addHandlers}), or run a pass now ({@link ProcessorHost#runOnce()}; its thread does this every
     * maintenance interval when maintenance runs).
     */
    public ProcessorHost processorHost() {
        return processorHost;
    }

    @Override
    public Profiles profiles() {
        return profiles;
    }

    /** The load signals profiles read: register a source of your own, or report a value such as your request rate. */
    public LoadSignals loadSignals() {
        return load;
    }

    // --- schedules -----------------------------------------------------------------------------------------------

    @Override
    public dev.tide.api.Schedules schedules() {
        return schedules;
    }

    /**
     * Fires every schedule due at the clock's time, if this node leads maintenance; returns how many tasks it enqueued.
     * The schedules' own thread does this when maintenance runs.
     */
    public int runSchedules() {
        return schedules.runOnce();
    }

    /**
     * Fires every due schedule whether or not this node leads: safe on any node at any time, since each firing is
     * claimed by a compare-and-set. Returns how many tasks this call enqueued.
     */
    public int fireDueSchedules() {
        return schedules.fireDue();
    }

    // --- statistics ----------------------------------------------------------------------------------------------

    /**
     * Sends the administrators' digest of the periods ended by now, unless a node has (see {@link Digest}); returns its
     * task's id if this call sent it. Maintenance does this on every pass; this is for tests and operators.
     */
    public Optional<Long> runDigest() {
        return digest.runOnce(clock.instant());
    }

    // --- folder intake -------------------------------------------------------------------------------------------

    @Override
    public Intake intake() {
        return intake;
    }

    /** Adds what a node's pass through its inbox folder did to the counts {@link Intake#status()} reports. */
    public void recordIntakePass(IntakePass pass) {
        store.intake().intakeRecord(pass);
    }

    // --- engine --------------------------------------------------------------------------------------------------

    /** A worker pool on this engine, named {@code <node>/<queue>} and shut down (gracefully) by {@link #close()}. */
    public WorkerPool.Builder workerPool() {
        return WorkerPool.builder(this).workerNamePrefix(config.nodeName()).onStart(pools::add);
    }

    /** The processing cycles of queue clients: one run now, or scheduled at a period (see docs/cycles.md). */
    public CycleScheduler cycles() {
        return cycles;
    }

    /** What a named session (a processing cycle) has taken on this node so far, by profile key. */
    public Map<String, Long> sessionUse(String session) {
        return sessions.used(session);
    }

    /** Runs one maintenance pass now (promotion, lease reclaim, pruning), if this node leads; returns whether. */
    public boolean runMaintenance() {
        return maintenance.runOnce();
    }

    /**
     * Runs one pass of the deadline monitor now, if this node leads maintenance: raises every warning and violation due
     * at the clock's time; returns how many this node raised. The monitor's own thread does this when maintenance runs.
     */
    public int runDeadlineMonitor() {
        return deadlines.runOnce();
    }

    /**
     * The built-in user store: who may call a {@code TideServer} in front of this engine, with which roles and
     * credentials. The engine itself does not check callers; the server does.
     */
    public AccountBook accounts() {
        return accounts;
    }

    /**
     * Who owns which tasks and jobs, asked in one statement per kind: what the server checks every id a confined
     * caller names against.
     */
    public Owners owners() {
        return new Owners() {
            @Override
            public Set<Long> tasksOwnedBy(String owner, Collection<Long> taskIds) {
                return taskIds.isEmpty() ? Set.of() : store.reads().tasksOwnedBy(owner, taskIds);
            }

            @Override
            public Set<Long> jobsOwnedBy(String owner, Collection<Long> jobIds) {
                return jobIds.isEmpty() ? Set.of() : store.reads().jobsOwnedBy(owner, jobIds);
            }
        };
    }

    public MeterRegistry meterRegistry() {
        return meters;
    }

    /** Whether this node did the maintenance chores on its last pass (always, alone on SQLite). */
    public boolean isMaintenanceLeader() {
        return maintenance.isLeader();
    }

    /** Called after a job ends (after its transaction committed), on the thread that ended it. */
    public void onJobFinished(Consumer<JobInfo> listener) {
        notices.onJobFinished(listener);
    }

    // package-private: outside this package the store's reads go through storeReadings() (tide-core's tests in
    // other packages use TideInternals), and the architecture test refuses any call of it outside core
    Store store() {
        return store;
    }

    /** The reads of the store that the server, the CLI and the benchmarks make; the store itself stays in core. */
    public StoreReadings storeReadings() {
        return new StoreReadings(store);
    }

    public TideConfig config() {
        return config;
    }

    public InstantSource clock() {
        return clock;
    }

    /** The effective defaults a task of this type would get (outside any job). */
    public TaskDefaults defaultsFor(String taskType) {
        return types.defaultsFor(taskType, null);
    }

    private void afterSettle(SettleBatch batch) {
        notices.afterSettle(batch);
    }

    private void wake(Set<String> queues) {
        notices.wake(queues);
    }

    /** Stops the worker pools (letting running tasks finish within their grace), maintenance, and the store. */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        ready.signal(List.of());
        try {
            // in the reverse of their start order, see TideAssembly
            services.stop();
        } finally {
            closeQuietly(ownedClock);
            store.close();
            closeQuietly(blobs.store());
            // The OS releases the folder lock with the process in any case.
            closeQuietly(folderLock);
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
