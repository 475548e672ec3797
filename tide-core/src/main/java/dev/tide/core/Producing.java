package dev.tide.core;

import dev.tide.api.EnqueueResult;
import dev.tide.api.EnqueuedAndClaimed;
import dev.tide.api.InputRanges;
import dev.tide.api.InvalidRequestException;
import dev.tide.api.JobCreated;
import dev.tide.api.JobType;
import dev.tide.api.NewJob;
import dev.tide.api.NewTask;
import dev.tide.api.TaskType;
import dev.tide.api.Warning;
import dev.tide.core.engine.BlobPayloads;
import dev.tide.core.engine.Inputs;
import dev.tide.core.engine.KnownTypes;
import dev.tide.core.engine.LoadSignals;
import dev.tide.core.engine.TaskResolver;
import dev.tide.core.engine.TypeRegistry;
import dev.tide.core.store.CallerLease;
import dev.tide.core.store.InsertBatch;
import dev.tide.core.store.JobInsertResult;
import dev.tide.core.store.JobRow;
import dev.tide.core.store.LeasedInsert;
import dev.tide.core.store.TaskInserts;
import dev.tide.core.store.TaskRow;
import dev.tide.core.store.Tokens;
import dev.tide.core.store.jdbc.JoinedTransaction;
import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * What a producer does in this process: tasks enqueued (alone, in a batch, or leased to the caller at once) and jobs
 * created with their tasks. Each request is resolved completely (types, defaults, payload placement) before the one
 * insert; the queues it made ready are woken after.
 */
final class Producing {
    private final TaskInserts inserts;
    private final JobTypes jobTypes;
    private final InstantSource clock;
    private final TideConfig config;
    private final TypeRegistry types;
    private final KnownTypes knownTypes;
    private final TaskResolver resolver;
    private final BlobPayloads blobs;
    private final TaskMeters taskMeters;
    private final ReadyNotices notices;
    private final LoadSignals load;
    private final Claiming claiming;

    /** @param claiming reads the payload of a task leased at its insert, as it does for a claim */
    Producing(
            TaskInserts inserts,
            JobTypes jobTypes,
            InstantSource clock,
            TideConfig config,
            TypeRegistry types,
            KnownTypes knownTypes,
            TaskResolver resolver,
            BlobPayloads blobs,
            TaskMeters taskMeters,
            ReadyNotices notices,
            LoadSignals load,
            Claiming claiming) {
        this.inserts = inserts;
        this.jobTypes = jobTypes;
        this.clock = clock;
        this.config = config;
        this.types = types;
        this.knownTypes = knownTypes;
        this.resolver = resolver;
        this.blobs = blobs;
        this.taskMeters = taskMeters;
        this.notices = notices;
        this.load = load;
        this.claiming = claiming;
    }

    List<EnqueueResult> enqueueAll(List<NewTask> tasks) {
        if (tasks == null || tasks.isEmpty()) {
            throw new InvalidRequestException("tasks", "give at least one task");
        }
        if (tasks.size() > TideConfig.MAX_BATCH) {
            throw new InvalidRequestException("tasks", "at most " + TideConfig.MAX_BATCH + " per batch");
        }
        long started = System.nanoTime();
        Instant now = clock.instant();
        List<TaskRow> rows = resolver.resolveAll(
                tasks,
                i -> tasks.size() == 1 ? "" : "tasks[" + i + "].",
                (t, field) -> t.jobId() == null ? null : jobTypes.of(t.jobId(), field),
                null,
                now);
        InsertBatch batch = blobs.inserting(rows, () -> inserts.taskInsertMany(rows));
        long took = System.nanoTime() - started;
        JoinedTransaction.whenCommitted(() -> {
            taskMeters.enqueueTook(took);
            taskMeters.enqueued(batch.results());
        });
        notices.wake(batch.readyQueues());
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

    JobCreated createJob(NewJob job) {
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
        JobInsertResult result = blobs.inserting(rows, () -> inserts.jobInsert(row, rows));
        jobTypes.remember(result.job().id(), result.job().type());
        notices.wake(result.readyQueues());
        return new JobCreated(result.job(), result.taskIds());
    }

    private void countEnqueuedAndClaimed(LeasedInsert inserted) {
        taskMeters.enqueued(inserted.batch().results());
        if (inserted.leased() != null) {
            taskMeters.claimed(List.of(inserted.leased()));
        }
    }

    EnqueuedAndClaimed enqueueAndClaim(String account, NewTask task, String worker, Duration leaseDuration) {
        if (task == null) {
            throw new InvalidRequestException("task", "is required");
        }
        String owner = Inputs.requiredText("worker", worker);
        Long leaseMillis = Claiming.leaseMillis("leaseDuration", leaseDuration);
        Instant now = clock.instant();
        TaskRow row = resolver.resolveAll(
                        List.of(task),
                        i -> "",
                        (t, field) -> t.jobId() == null ? null : jobTypes.of(t.jobId(), field),
                        null,
                        now)
                .get(0);
        LeasedInsert inserted = blobs.inserting(
                List.of(row),
                () -> inserts.taskInsertLeased(
                        row, new CallerLease(owner, account, Tokens.next(), now, leaseMillis, load)));
        JoinedTransaction.whenCommitted(() -> countEnqueuedAndClaimed(inserted));
        if (inserted.leased() != null) {
            knownTypes.named(List.of(inserted.leased().task().type()));
        }
        notices.wake(inserted.batch().readyQueues());
        return new EnqueuedAndClaimed(
                withTypeWarnings(blobs.readEnqueued(inserted.batch().results())).get(0),
                inserted.leased() == null ? null : claiming.withPayload(inserted.leased()));
    }
}
