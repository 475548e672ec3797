package dev.tide.api;

/**
 * @param created false when an idempotency key matched an existing task, which is returned instead of a new one
 */
public record EnqueueResult(TaskInfo task, boolean created) {
    public long id() {
        return task.id();
    }
}
