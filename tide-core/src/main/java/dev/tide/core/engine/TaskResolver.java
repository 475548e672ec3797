package dev.tide.core.engine;

import dev.tide.api.Coalescing;
import dev.tide.api.CoalescingCheck;
import dev.tide.api.InputRanges;
import dev.tide.api.InvalidRequestException;
import dev.tide.api.NewTask;
import dev.tide.api.TaskBlob;
import dev.tide.api.TaskDefaults;
import dev.tide.api.TaskState;
import dev.tide.api.TaskType;
import dev.tide.core.store.CoalescingRule;
import dev.tide.core.store.TaskRow;
import dev.tide.core.store.TaskRow.Dependencies;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;
import java.util.function.IntFunction;

/**
 * Turns a {@link NewTask} into a {@link TaskRow}: checks every field (naming it in the error, with the caller's prefix
 * such as {@code tasks[3].}) and resolves each default, task type first, then job type, then engine. Nothing is written
 * until every task of a request has passed.
 */
public final class TaskResolver {
    /** Weights a task may have: wide enough for any share, narrow enough that a draw / weight stays finite. */
    static final double MIN_WEIGHT = 1e-6;

    static final double MAX_WEIGHT = 1e6;

    private final TypeRegistry types;
    private final long payloadCap;
    private final BlobPlacement blobs;
    private final RaceDraws draws;
    private final Map<String, CoalescingCheck> checks;

    /**
     * @param payloadCap the cap of payloads kept in the row
     * @param blobs which payloads of {@link #resolveAll} go to the blob store instead, and their cap there
     * @param checks in-process coalescing checks by task type; they take precedence over the type's policy
     */
    public TaskResolver(
            TypeRegistry types,
            long payloadCap,
            BlobPlacement blobs,
            RaceDraws draws,
            Map<String, CoalescingCheck> checks) {
        this.types = types;
        this.payloadCap = payloadCap;
        this.blobs = blobs;
        this.draws = draws;
        this.checks = Map.copyOf(checks);
    }

    /**
     * The tasks of one request, which may depend on each other by ref. A payload too large for the row is planned for
     * the blob store ({@link TaskRow#blob()}); the caller writes it before the insert ({@link BlobPayloads#inserting}).
     *
     * @param prefix names a task's fields in errors, by position
     * @param jobTypeOf the type of the job a task joins, or null; given the task and where its job id sits in the
     *     request (e.g. {@code tasks[2].jobId}), to name in the answer when that job does not exist
     * @param jobId the job they join when the caller decides it (a new job's tasks), else each task's own
     */
    public List<TaskRow> resolveAll(
            List<NewTask> tasks,
            IntFunction<String> prefix,
            BiFunction<NewTask, String, String> jobTypeOf,
            Long jobId,
            Instant now) {
        List<Dependencies> dependencies = RequestDependencies.of(tasks, prefix);
        List<TaskRow> rows = new ArrayList<>(tasks.size());
        for (int i = 0; i < tasks.size(); i++) {
            NewTask t = tasks.get(i);
            rows.add(resolve(
                    t,
                    prefix.apply(i),
                    t == null ? null : jobTypeOf.apply(t, prefix.apply(i) + "jobId"),
                    jobId,
                    now,
                    dependencies.get(i),
                    blobs));
        }
        return rows;
    }

    /**
     * A task the engine makes (a notice, a digest, a schedule's firing) that names no other task of its request. Its
     * payload stays in the row, within the payload cap.
     */
    public TaskRow resolve(NewTask task, String prefix, String jobType, Long jobId, Instant now) {
        return resolve(
                task,
                prefix,
                jobType,
                jobId,
                now,
                RequestDependencies.of(List.of(task), i -> prefix).get(0),
                BlobPlacement.NONE);
    }

    /**
     * @param jobType the type of the job the task joins, or null
     * @param jobId the job it joins when the caller decides it (a new job's tasks), else the task's own
     * @param dependencies its dependencies as {@link RequestDependencies} resolved them within its request
     * @param blobs where a large payload goes
     */
    private TaskRow resolve(
            NewTask task,
            String prefix,
            String jobType,
            Long jobId,
            Instant now,
            Dependencies dependencies,
            BlobPlacement blobs) {
        if (task == null) {
            throw new InvalidRequestException(
                    prefix.isEmpty() ? "task" : prefix.substring(0, prefix.length() - 1), "is null");
        }
        String type = TaskType.requireName(prefix + "type", task.type());
        String queue =
                task.queue() == null ? NewTask.DEFAULT_QUEUE : TaskType.requireName(prefix + "queue", task.queue());
        String owner = Inputs.text(prefix + "owner", task.owner());
        String key = Inputs.text(prefix + "idempotencyKey", task.idempotencyKey());
        String coalescingKey = Inputs.text(prefix + "coalescingKey", task.coalescingKey());
        String payload = Inputs.json(prefix + "payload", task.payload(), blobs.capBytes(payloadCap));
        TaskBlob blob = blobs.place(payload, now);
        if (task.maxAttempts() != null && task.maxAttempts() < 1) {
            throw new InvalidRequestException(prefix + "maxAttempts", "must be at least 1");
        }
        double weight = task.weight() == null ? 1.0 : task.weight();
        if (!(weight >= MIN_WEIGHT && weight <= MAX_WEIGHT)) {
            throw new InvalidRequestException(
                    prefix + "weight", "must be between " + MIN_WEIGHT + " and " + MAX_WEIGHT);
        }
        if (task.jobId() != null && task.jobId() < 1) {
            throw new InvalidRequestException(prefix + "jobId", "must be a positive job id");
        }
        Instant runAt = runAt(task, prefix, now);
        // Field names are built only for a value that is there: this runs for every task enqueued.
        Instant expiresAt =
                task.expiresAt() == null ? null : InputRanges.FUTURE.check(prefix + "expiresAt", task.expiresAt(), now);
        if (task.deadline() != null) {
            InputRanges.FUTURE.check(prefix + "deadline", task.deadline(), now);
        }
        if (expiresAt != null && !expiresAt.isAfter(runAt)) {
            throw new InvalidRequestException(
                    prefix + "expiresAt", "must be after the time the task may run (" + runAt + ")");
        }
        if (task.deadline() != null
                && (task.runAt() != null || task.delay() != null)
                && task.deadline().isBefore(runAt)) {
            // A window (start-at and deadline) that closes before it opens. Without a start-at, a deadline already
            // past is a late task, which is allowed.
            String start = task.runAt() != null ? "runAt" : "delay";
            throw new InvalidRequestException(
                    prefix + "deadline",
                    "must not be before " + prefix + start + " (" + runAt + "): the task's window would close before"
                            + " it opens");
        }
        TaskDefaults d = types.defaultsFor(type, jobType);
        Instant deadline = task.deadline() != null
                ? task.deadline()
                : d.defaultDuration() == null ? null : InputRanges.plusAtMostLatest(now, d.defaultDuration());
        return new TaskRow(
                queue,
                type,
                jobId != null ? jobId : task.jobId(),
                owner == null ? "" : owner,
                payload,
                task.priority() != null ? task.priority() : d.priority(),
                weight,
                draws.next(),
                runAt,
                deadline,
                task.maxAttempts() != null ? task.maxAttempts() : d.maxAttempts(),
                TypeRanges.leaseMillis(d.leaseDuration()),
                key,
                !dependencies.isEmpty()
                        ? TaskState.BLOCKED
                        : runAt.isAfter(now) ? TaskState.SCHEDULED : TaskState.READY,
                now,
                expiresAt,
                dependencies,
                coalescingKey,
                coalescingKey == null ? null : coalescingRule(type),
                jobType,
                task.unitsOrOne(),
                task.divisibleOrFalse(),
                blob);
    }

    /** The type's check or policy; null for a type that keeps every pending task, which needs no lookup. */
    private CoalescingRule coalescingRule(String type) {
        CoalescingCheck check = checks.get(type);
        if (check != null) {
            return CoalescingRule.checkedBy(check);
        }
        TaskType defined = types.taskType(type);
        Coalescing policy = defined == null ? Coalescing.KEEP : defined.coalescingOrKeep();
        return policy == Coalescing.KEEP ? null : CoalescingRule.of(policy);
    }

    private static Instant runAt(NewTask task, String prefix, Instant now) {
        if (task.runAt() != null && task.delay() != null) {
            throw new InvalidRequestException(prefix + "delay", "give runAt or delay, not both");
        }
        Duration delay = task.delay() == null ? null : InputRanges.DELAY.check(prefix + "delay", task.delay());
        if (delay != null) {
            return now.plus(delay);
        }
        return task.runAt() != null ? InputRanges.FUTURE.check(prefix + "runAt", task.runAt(), now) : now;
    }
}
