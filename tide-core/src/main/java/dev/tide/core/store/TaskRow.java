package dev.tide.core.store;

import dev.tide.api.TaskBlob;
import dev.tide.api.TaskState;
import java.time.Instant;
import java.util.List;

/**
 * A task ready to insert: validated, every default resolved. The dispatch key is computed by the store, which knows the
 * job's priority and deadline at insert time.
 *
 * @param owner never null: the empty string for "no owner", so that idempotency keys are unique per owner on every
 *     database
 * @param initialState {@link TaskState#READY}, {@link TaskState#SCHEDULED} or, when it has dependencies,
 *     {@link TaskState#BLOCKED}
 * @param leaseMillis the lease length a claim takes unless it asks for another
 * @param weight the task's share of the draw in a roulette queue
 * @param raceDraw an exponentially distributed draw (mean 1), drawn by the engine, that places the task in a roulette
 *     queue at the queue's race clock plus {@code raceDraw / weight}
 * @param expiresAt when it expires unless leased by then, or null
 * @param dependencies the tasks it waits on
 * @param coalescingKey relates the task to the pending tasks of its queue and owner with the same key, or null
 * @param coalescing how it treats them; null when it keeps them all (no key, or a {@code keep} type), so that the store
 *     looks nothing up
 * @param jobType the type of its job, or null; a job type's profile governs the tasks whose own type has none
 * @param units what it costs against its profile's budgets
 * @param divisible whether it may start with part of its units
 * @param blob where the payload goes when it is too large for the row (the engine writes the blob before the insert,
 *     and the row keeps this reference instead of the payload), or null; {@link #payload()} holds the payload either
 *     way
 */
public record TaskRow(
        String queue,
        String type,
        Long jobId,
        String owner,
        String payload,
        int priority,
        double weight,
        double raceDraw,
        Instant runAt,
        Instant deadline,
        int maxAttempts,
        long leaseMillis,
        String idempotencyKey,
        TaskState initialState,
        Instant createdAt,
        Instant expiresAt,
        Dependencies dependencies,
        String coalescingKey,
        CoalescingRule coalescing,
        String jobType,
        int units,
        boolean divisible,
        TaskBlob blob) {

    /**
     * The tasks a new task waits on: existing tasks by id, and tasks of the same insert by their position in it.
     *
     * @param runAnyway whether a dependency that ends without succeeding counts as met (else the task is cancelled)
     * @param field where the dependencies sit in the request (e.g. {@code tasks[2].dependsOn}), named in answers
     */
    public record Dependencies(List<Long> taskIds, List<Integer> rows, boolean runAnyway, String field) {
        public static final Dependencies NONE = new Dependencies(List.of(), List.of(), false, "dependsOn");

        public Dependencies {
            taskIds = List.copyOf(taskIds);
            rows = List.copyOf(rows);
        }

        public boolean isEmpty() {
            return taskIds.isEmpty() && rows.isEmpty();
        }
    }

    /** What the row's payload column holds: the payload, or null when it is kept in a blob. */
    public String storedPayload() {
        return blob == null ? payload : null;
    }

    /** The payload's size in UTF-8, as claims filter on it. */
    public int payloadBytes() {
        if (blob != null) {
            return (int) blob.bytes();
        }
        if (payload == null) {
            return 0;
        }
        int bytes = 0;
        for (int i = 0; i < payload.length(); i++) {
            char c = payload.charAt(i);
            if (c < 0x80) {
                bytes += 1;
            } else if (c < 0x800) {
                bytes += 2;
            } else if (Character.isHighSurrogate(c)) {
                bytes += 4;
                i++;
            } else {
                bytes += 3;
            }
        }
        return bytes;
    }

    public TaskRow withJob(long job) {
        return new TaskRow(
                queue,
                type,
                job,
                owner,
                payload,
                priority,
                weight,
                raceDraw,
                runAt,
                deadline,
                maxAttempts,
                leaseMillis,
                idempotencyKey,
                initialState,
                createdAt,
                expiresAt,
                dependencies,
                coalescingKey,
                coalescing,
                jobType,
                units,
                divisible,
                blob);
    }

    /** Whether the store must look up the pending tasks with this task's key before inserting it. */
    public boolean coalesces() {
        return coalescingKey != null && coalescing != null;
    }
}
