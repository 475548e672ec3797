package dev.tide.api.worker;

import dev.tide.api.Ack;
import dev.tide.api.AckResult;
import dev.tide.api.JobInfo;
import dev.tide.api.Lease;
import dev.tide.api.LeasedTask;
import dev.tide.api.NewTask;
import dev.tide.api.TaskInfo;
import dev.tide.api.TaskQueue;
import dev.tide.api.json.Json;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * What a handler sees of its task, and how it says what happened. Everything it sets here (result, job info, tasks to
 * enqueue) is written in one transaction with the task's acknowledgement, and only if the lease is still held.
 */
public final class TaskContext {
    private final LeasedTask leased;
    private final TaskQueue queue;
    private final List<NewTask> enqueue = new ArrayList<>();
    private volatile boolean leaseLost;
    private @Nullable String result;
    private @Nullable String message;
    private @Nullable String jobInfo;
    private Ack.@Nullable Kind decided;
    private @Nullable Duration retryDelay;
    private @Nullable Integer unitsUsed;
    /** The acknowledgement the handler sent itself ({@link #acknowledgeThrough}); the pool then sends none. */
    private volatile @Nullable Ack sentByHandler;

    private volatile @Nullable AckResult sentResult;

    private volatile boolean answeredByHandler;

    TaskContext(LeasedTask leased, TaskQueue queue) {
        this.leased = leased;
        this.queue = queue;
    }

    public TaskInfo task() {
        return leased.task();
    }

    public Lease lease() {
        return leased.lease();
    }

    /** The payload as JSON text. */
    public @Nullable String payload() {
        return leased.task().payload();
    }

    public <T> T payload(Class<T> type) {
        return leased.task().payloadAs(type);
    }

    /**
     * The units this start may spend, when a profile governs the task: all of its {@link TaskInfo#units()}, or for a
     * divisible task what the hour and session had left (read that many lines, send that many emails). Null when no
     * profile governs it.
     */
    public @Nullable Integer budget() {
        return leased.budget();
    }

    /** Reports the units spent; what the budget had beyond them goes back to the hour. All of it when never called. */
    public void used(int units) {
        if (units < 0) {
            throw new IllegalArgumentException("units used must not be negative: " + units);
        }
        this.unitsUsed = units;
    }

    /**
     * Gives the task back once the handler returns, its work not done: a divisible task that spent its budget comes
     * back for the rest (its units less those {@link #used}) at the next start its profile allows, without counting an
     * attempt. Keep the cursor in the job's info ({@link #setJobInfo}).
     */
    public void continueLater() {
        this.decided = Ack.Kind.RELEASE;
    }

    /** The queue the task came from, for anything else the handler needs to do. */
    public TaskQueue queue() {
        return queue;
    }

    /** The task's job as stored now (read on each call), or null for a standalone task. */
    public @Nullable JobInfo job() {
        Long jobId = leased.task().jobId();
        return jobId == null ? null : queue.job(jobId);
    }

    /** Replaces the job's info JSON together with this task's acknowledgement (e.g. a cursor into a file). */
    public void setJobInfo(Object info) {
        requireJob();
        this.jobInfo = Json.write(info);
    }

    /** Enqueues a task together with this task's acknowledgement: both happen, or neither. */
    public void enqueue(NewTask task) {
        enqueue.add(task);
    }

    /** A JSON result to keep with the finished task. */
    public void result(Object value) {
        this.result = value == null ? null : Json.write(value);
    }

    /** A note kept as the task's message. */
    public void message(String text) {
        this.message = text;
    }

    /** Ends the task as failed for good once the handler returns. */
    public void fail(String reason) {
        this.decided = Ack.Kind.FAIL;
        this.message = reason;
    }

    /** Fails this attempt once the handler returns; the next one comes after {@code delay} (null: the backoff). */
    public void retry(Duration delay, String reason) {
        this.decided = Ack.Kind.RETRY;
        this.retryDelay = delay;
        this.message = reason;
    }

    /** True once a heartbeat found the lease gone; the handler may stop early, its result will not be recorded. */
    public boolean isLeaseLost() {
        return leaseLost;
    }

    void markLeaseLost() {
        leaseLost = true;
    }

    private void requireJob() {
        if (leased.task().jobId() == null) {
            throw new IllegalStateException("task " + leased.id() + " belongs to no job");
        }
    }

    /**
     * Acknowledges the task now through {@code joined}, with what the handler decided and set so far (result, message,
     * job info, follow-up tasks; success unless told otherwise): for a handler whose own writes and acknowledgement
     * must commit together, {@code joined} is the engine's view of the handler's transaction, e.g.
     * {@code ctx.acknowledgeThrough(tide.joining(connection))} before {@code connection.commit()}. The pool sends
     * nothing more for the task once the handler returns normally. If the transaction rolls back, the task stays leased
     * as if the handler had never answered, and is retried when its lease expires. Call it last, once.
     *
     * @throws dev.tide.api.LeaseLostException when the lease is no longer held: nothing was acknowledged
     */
    public AckResult acknowledgeThrough(TaskQueue joined) {
        if (sentByHandler != null) {
            throw new IllegalStateException("task " + leased.id() + " was already acknowledged by its handler");
        }
        Ack ack = decidedAck();
        AckResult result = joined.ack(ack);
        sentByHandler = ack;
        sentResult = result;
        return result;
    }

    /** Whether the handler returned normally having acknowledged the task itself: the pool sends nothing for it. */
    boolean answeredByHandler() {
        return answeredByHandler;
    }

    /** How the queue recorded the acknowledgement the handler sent itself; null when it sent none. */
    @Nullable
    AckResult handlerAckResult() {
        return answeredByHandler ? sentResult : null;
    }

    /** The acknowledgement for a handler that returned normally (the one it sent itself, if it did). */
    Ack completed() {
        Ack sent = sentByHandler;
        if (sent != null) {
            answeredByHandler = true;
            return sent;
        }
        return decidedAck();
    }

    private Ack decidedAck() {
        Ack.Builder ack = builder();
        if (decided == Ack.Kind.FAIL) {
            return ack.fail();
        }
        if (decided == Ack.Kind.RETRY) {
            return retryDelay == null ? ack.retry() : ack.retry(retryDelay);
        }
        if (decided == Ack.Kind.RELEASE) {
            return ack.release();
        }
        return ack.succeed();
    }

    /** The acknowledgement for a handler that threw. */
    Ack failed(Throwable error) {
        Ack.Builder ack = Ack.builder(leased.lease()).message(describe(error)).jobInfoJson(jobInfo);
        return error instanceof TaskFailure ? ack.fail() : ack.retry();
    }

    private Ack.Builder builder() {
        Ack.Builder ack = Ack.builder(leased.lease());
        if (unitsUsed != null) {
            ack.unitsUsed(unitsUsed);
        }
        return ack.resultJson(result).message(message).jobInfoJson(jobInfo).enqueue(enqueue);
    }

    private static String describe(Throwable error) {
        String text = error.getMessage();
        String name = error.getClass().getSimpleName();
        return text == null ? name : name + ": " + text;
    }
}
