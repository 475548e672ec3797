package dev.tide.spring.starter;

import dev.tide.api.TaskInfo;
import dev.tide.api.TaskQueue;
import dev.tide.api.TaskState;
import java.time.Duration;
import java.util.function.Predicate;

/** Waits (polling, bounded) for a task to reach a state that workers on other threads bring it to. */
final class TaskWaits {
    private TaskWaits() {}

    static TaskInfo until(TaskQueue queue, long taskId, Predicate<TaskInfo> reached, Duration atMost)
            throws InterruptedException {
        long deadline = System.nanoTime() + atMost.toNanos();
        TaskInfo task = queue.task(taskId);
        while (!reached.test(task)) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("task " + taskId + " still " + task.state() + " after " + atMost);
            }
            Thread.sleep(20);
            task = queue.task(taskId);
        }
        return task;
    }

    static TaskInfo finished(TaskQueue queue, long taskId) throws InterruptedException {
        return until(queue, taskId, t -> t.state() == TaskState.FINISHED, Duration.ofSeconds(20));
    }
}
