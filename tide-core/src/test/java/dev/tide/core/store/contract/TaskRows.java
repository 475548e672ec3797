package dev.tide.core.store.contract;

import dev.tide.api.TaskState;
import dev.tide.core.store.TaskRow;
import java.time.Instant;

/**
 * Task rows as the engine would resolve them for a plain queue, with only what a test sets differing: ready at
 * {@code createdAt}, no owner, job, key, dependencies, coalescing or blob, one unit, three attempts, one-minute leases.
 */
final class TaskRows {
    private String queue = "default";
    private final String type;
    private Long jobId;
    private String owner = "";
    private String payload = "{}";
    private int priority;
    private Instant runAt;
    private Instant deadline;
    private int maxAttempts = 3;
    private String idempotencyKey;
    private TaskState state = TaskState.READY;
    private final Instant createdAt;

    private TaskRows(String type, Instant createdAt) {
        this.type = type;
        this.createdAt = createdAt;
        this.runAt = createdAt;
    }

    static TaskRows task(String type, Instant createdAt) {
        return new TaskRows(type, createdAt);
    }

    TaskRows queue(String value) {
        queue = value;
        return this;
    }

    TaskRows job(long value) {
        jobId = value;
        return this;
    }

    TaskRows owner(String value) {
        owner = value;
        return this;
    }

    TaskRows payload(String value) {
        payload = value;
        return this;
    }

    TaskRows priority(int value) {
        priority = value;
        return this;
    }

    /** Scheduled: not claimable until promoted at {@code value}. */
    TaskRows runAt(Instant value) {
        runAt = value;
        state = value.isAfter(createdAt) ? TaskState.SCHEDULED : TaskState.READY;
        return this;
    }

    TaskRows deadline(Instant value) {
        deadline = value;
        return this;
    }

    TaskRows maxAttempts(int value) {
        maxAttempts = value;
        return this;
    }

    TaskRows key(String value) {
        idempotencyKey = value;
        return this;
    }

    TaskRow row() {
        return new TaskRow(
                queue,
                type,
                jobId,
                owner,
                payload,
                priority,
                1.0,
                1.0,
                runAt,
                deadline,
                maxAttempts,
                60_000,
                idempotencyKey,
                state,
                createdAt,
                null,
                TaskRow.Dependencies.NONE,
                null,
                null,
                null,
                1,
                false,
                null);
    }
}
