package dev.tide.core.engine;

import dev.tide.api.Ack;
import dev.tide.api.InputRanges;
import dev.tide.api.InvalidRequestException;
import dev.tide.api.Outcome;
import dev.tide.api.RetryBackoff;
import dev.tide.api.TaskInfo;
import dev.tide.core.store.ExpiredLease;
import dev.tide.core.store.Settlement;
import dev.tide.core.store.TaskRow;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.BiFunction;

/**
 * Decides what each acknowledgement does to its task. A retry of the last allowed attempt fails the task for good (the
 * dead-letter state, with the last error kept as its message); otherwise it waits out the type's backoff.
 */
public final class AckResolver {
    private final TypeRegistry types;
    private final TaskResolver tasks;
    private final long payloadCap;

    public AckResolver(TypeRegistry types, TaskResolver tasks, long payloadCap) {
        this.types = types;
        this.tasks = tasks;
        this.payloadCap = payloadCap;
    }

    /**
     * @param current the tasks named by RETRY acks as stored now (attempts and type decide the retry); a task
     *     missing here has no lease to settle, and its compare-and-set will report the lease lost
     * @param jobTypeOf the job type of a job id, for the defaults of tasks enqueued into a job
     */
    public List<Settlement> resolve(
            List<Ack> acks, Map<Long, TaskInfo> current, BiFunction<Long, String, String> jobTypeOf, Instant now) {
        List<Settlement> out = new ArrayList<>(acks.size());
        for (int i = 0; i < acks.size(); i++) {
            out.add(resolve(acks.get(i), acks.size() == 1 ? "" : "acks[" + i + "].", current, jobTypeOf, now));
        }
        return out;
    }

    private Settlement resolve(
            Ack ack,
            String prefix,
            Map<Long, TaskInfo> current,
            BiFunction<Long, String, String> jobTypeOf,
            Instant now) {
        if (ack.token() == null || ack.token().isBlank()) {
            throw new InvalidRequestException(prefix + "token", "is required");
        }
        if (ack.kind() == null) {
            throw new InvalidRequestException(prefix + "kind", "is required (succeed, fail, retry or release)");
        }
        if (ack.retryDelay() != null) { // the field name is built only when there is a value to name: acks are hot
            InputRanges.DELAY.check(prefix + "retryDelay", ack.retryDelay());
        }
        String result = Inputs.json(prefix + "result", ack.result(), payloadCap);
        String jobInfo = Inputs.json(prefix + "jobInfo", ack.jobInfo(), payloadCap);
        String message = Inputs.message(ack.message());
        List<TaskRow> enqueue = tasks.resolveAll(
                ack.enqueue(),
                i -> prefix + "enqueue[" + i + "].",
                (t, field) -> t.jobId() == null ? null : jobTypeOf.apply(t.jobId(), field),
                null,
                now);
        Settlement base = switch (ack.kind()) {
            case SUCCEED -> Settlement.finish(ack.taskId(), ack.token(), Outcome.SUCCEEDED, result, message);
            case FAIL -> Settlement.finish(ack.taskId(), ack.token(), Outcome.FAILED, result, message);
            case RELEASE -> Settlement.reschedule(ack.taskId(), ack.token(), now, now, message, true);
            case RETRY -> retry(ack, current.get(ack.taskId()), message, now);
        };
        // A release gives the task back untouched, so the units granted with it go back too unless it says otherwise.
        Integer unitsUsed = ack.unitsUsed() != null ? ack.unitsUsed() : ack.kind() == Ack.Kind.RELEASE ? 0 : null;
        return base.with(jobInfo, enqueue).withUnitsUsed(unitsUsed);
    }

    private Settlement retry(Ack ack, TaskInfo task, String message, Instant now) {
        if (task == null) {
            return Settlement.reschedule(ack.taskId(), ack.token(), now, now, message, false);
        }
        if (task.attempts() >= task.maxAttempts()) {
            return Settlement.finish(ack.taskId(), ack.token(), Outcome.FAILED, null, message);
        }
        Duration delay = ack.retryDelay() != null ? ack.retryDelay() : backoff(task.type(), task.attempts());
        // a stored backoff was not range-checked when it was written: it may not overflow the time it gives
        return Settlement.reschedule(
                ack.taskId(), ack.token(), InputRanges.plusAtMostLatest(now, delay), now, message, false);
    }

    /**
     * A lease that ran out (or whose owner restarted): the task is ready again at once, without backoff, unless that
     * was its last attempt.
     */
    public Settlement reclaim(ExpiredLease lease, String why, Instant now) {
        String note = why + " (attempt " + lease.attempts() + " of " + lease.maxAttempts() + ")";
        if (lease.attempts() >= lease.maxAttempts()) {
            return Settlement.finish(lease.taskId(), lease.token(), Outcome.FAILED, null, note + "; out of attempts");
        }
        return Settlement.reschedule(lease.taskId(), lease.token(), now, now, note, false);
    }

    private Duration backoff(String type, int attempts) {
        RetryBackoff backoff = types.defaultsFor(type, null).backoff();
        return backoff.delayAfter(attempts, ThreadLocalRandom.current().nextDouble());
    }
}
