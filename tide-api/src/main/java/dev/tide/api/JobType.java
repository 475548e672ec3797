package dev.tide.api;

import java.time.Duration;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * A kind of job (the thesis's {@code job_types}): defaults for its jobs and their tasks, and what happens when one ends.
 *
 * @param priority default job priority; a job's priority orders its tasks before their own priority
 * @param defaultDuration creation time plus this gives a job's deadline when none is set
 * @param taskDefaults defaults for the job's tasks, below those of their task types
 * @param completionTaskType when a job of this type ends, one task of this type is enqueued for the job's owner, its
 *     payload a {@link JobEndNotice} (e.g. the thesis's error report mailed to whoever submitted an import)
 * @param alertUsers users notified when a job of this type ends (the thesis's {@code job_alerts})
 * @param alertTaskType the notification task type: one task per alert user, owned by that user, payload a
 *     {@link JobEndNotice}
 */
public record JobType(
        String name,
        @Nullable Integer priority,
        @Nullable Duration defaultDuration,
        TaskDefaults taskDefaults,
        @Nullable String completionTaskType,
        List<String> alertUsers,
        @Nullable String alertTaskType) {

    public JobType {
        TaskType.requireName("name", name);
        taskDefaults = taskDefaults == null ? TaskDefaults.NONE : taskDefaults;
        taskDefaults.validate("taskDefaults.");
        alertUsers = alertUsers == null ? List.of() : List.copyOf(alertUsers);
        if (defaultDuration != null && (defaultDuration.isNegative() || defaultDuration.isZero())) {
            throw new InvalidRequestException("defaultDuration", "must be positive");
        }
        if (completionTaskType != null) {
            TaskType.requireName("completionTaskType", completionTaskType);
        }
        if (!alertUsers.isEmpty() && alertTaskType == null) {
            throw new InvalidRequestException("alertTaskType", "is required when alertUsers is not empty");
        }
        if (alertTaskType != null) {
            TaskType.requireName("alertTaskType", alertTaskType);
        }
    }

    public static JobType named(String name) {
        return new JobType(name, null, null, TaskDefaults.NONE, null, List.of(), null);
    }

    public JobType withPriority(int value) {
        return new JobType(name, value, defaultDuration, taskDefaults, completionTaskType, alertUsers, alertTaskType);
    }

    public JobType withDefaultDuration(Duration value) {
        return new JobType(name, priority, value, taskDefaults, completionTaskType, alertUsers, alertTaskType);
    }

    public JobType withTaskDefaults(TaskDefaults value) {
        return new JobType(name, priority, defaultDuration, value, completionTaskType, alertUsers, alertTaskType);
    }

    public JobType withCompletionTask(String taskType) {
        return new JobType(name, priority, defaultDuration, taskDefaults, taskType, alertUsers, alertTaskType);
    }

    public JobType withAlerts(String notificationTaskType, List<String> users) {
        return new JobType(
                name, priority, defaultDuration, taskDefaults, completionTaskType, users, notificationTaskType);
    }
}
