package dev.tide.api;

/**
 * Seed 002's {@code check()}: decides what an incoming task does to one pending task with the same coalescing key,
 * queue and owner. Registered per task type on an embedded engine ({@code TideBuilder.coalescingCheck}); it applies
 * in-process only, to tasks enqueued through that engine object (directly, by an acknowledgement, or over HTTP to a
 * server running on it). Tasks enqueued through another engine on the same database follow their type's
 * {@link TaskType#coalescing()} policy instead.
 *
 * <p>It runs inside the enqueue's transaction (on SQLite, on the one writer thread), so it must be quick, must not
 * call Tide, and must not throw: an exception refuses the whole enqueue. Pending tasks are offered oldest first until
 * one gets a decision other than {@link Coalescing#KEEP}.
 */
@FunctionalInterface
public interface CoalescingCheck {
    /**
     * Decides what becomes of one pending task now that a newcomer with its key arrives.
     *
     * @param pending a ready or scheduled task with the newcomer's key, locked for this decision
     * @param incoming the newcomer with every default resolved; its id is 0 as it is not stored yet
     */
    Coalescing decide(TaskInfo pending, TaskInfo incoming);
}
