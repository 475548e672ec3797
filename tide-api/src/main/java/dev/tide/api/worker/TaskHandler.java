package dev.tide.api.worker;

/**
 * Runs one task. Returning normally succeeds the task (unless the context was told otherwise); throwing
 * {@link TaskFailure} fails it for good; throwing anything else fails this attempt, and the task is retried after its
 * backoff until it runs out of attempts.
 */
@FunctionalInterface
public interface TaskHandler {
    void handle(TaskContext context) throws Exception;
}
