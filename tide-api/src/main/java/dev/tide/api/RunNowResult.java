package dev.tide.api;

import org.jspecify.annotations.Nullable;

/**
 * What {@link TaskQueue#runNowOrEnqueue} did: ran the task in the caller, or left it in the queue.
 *
 * @param enqueued the task as inserted (or the one an idempotency key or coalescing key answered with)
 * @param ack the handler's acknowledgement when it ran in the caller; null when the task was queued
 * @param result how the acknowledgement was recorded; null when the task was queued
 */
public record RunNowResult(
        EnqueueResult enqueued, @Nullable Ack ack, @Nullable AckResult result) {

    /** Whether the task ran in the caller; false when it waits in its queue for a worker or a cycle. */
    public boolean ranInCaller() {
        return ack != null;
    }

    public long taskId() {
        return enqueued.id();
    }
}
