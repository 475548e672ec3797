package dev.tide.spring;

import dev.tide.api.QueueDefinition;
import dev.tide.api.TaskDefaults;
import dev.tide.api.TaskType;
import dev.tide.api.TideException;
import dev.tide.core.Tide;
import java.util.Map;

/**
 * Creates or updates the queues and task types that {@code tide.queues.*} and {@code tide.task-types.*} name, when the
 * engine opens; never deletes one. A definition the engine refuses stops the application with the property named.
 */
final class TideDefinitions {
    private TideDefinitions() {}

    static void apply(Tide tide, TideProperties properties) {
        for (Map.Entry<String, TideProperties.QueueProperties> entry :
                properties.getQueues().entrySet()) {
            String prefix = "tide.queues." + entry.getKey();
            try {
                tide.queues().define(queue(entry.getKey(), entry.getValue()));
            } catch (TideException | IllegalArgumentException e) {
                throw new IllegalArgumentException(prefix + ": " + e.getMessage(), e);
            }
        }
        for (Map.Entry<String, TideProperties.TaskTypeProperties> entry :
                properties.getTaskTypes().entrySet()) {
            String prefix = "tide.task-types." + entry.getKey();
            try {
                tide.defineTaskType(taskType(entry.getKey(), entry.getValue()));
            } catch (TideException | IllegalArgumentException e) {
                throw new IllegalArgumentException(prefix + ": " + e.getMessage(), e);
            }
        }
    }

    static QueueDefinition queue(String name, TideProperties.QueueProperties q) {
        return new QueueDefinition(
                name,
                q.getDiscipline(),
                q.getDefaultAllocation(),
                q.getDefaultConcurrency(),
                q.getProhibitedUsers(),
                q.getMaxPending(),
                q.getMaxPendingPerKey(),
                q.getMaxPendingPerUser());
    }

    static TaskType taskType(String name, TideProperties.TaskTypeProperties t) {
        TaskDefaults d = TideEngineFactory.taskDefaults(t, null);
        return new TaskType(
                name, d.priority(), d.maxAttempts(), d.defaultDuration(), d.leaseDuration(), d.backoff(), null);
    }
}
