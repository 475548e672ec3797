package dev.tide.core.engine;

import dev.tide.api.DeadlineAlert;
import dev.tide.api.DeadlineNotice;
import dev.tide.api.JobType;
import dev.tide.api.NewTask;
import dev.tide.api.json.Json;
import dev.tide.core.store.TaskRow;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * The job type's alert hook for deadlines: for a notice about a job, one alert task per alert user of its job type,
 * owned by that user, its payload a {@link DeadlineAlert}, as {@link JobNotices} does when a job ends. A notice about
 * one task of a job pages no one (a mailing of 10,000 late tasks would send 10,000 pages per user): it is an event, a
 * count and a listener call. Built from cached types only; the store inserts them with the notice, or not at all.
 */
final class DeadlineAlerts {
    private final TypeRegistry types;
    private final TaskResolver resolver;

    DeadlineAlerts(TypeRegistry types, TaskResolver resolver) {
        this.types = types;
        this.resolver = resolver;
    }

    List<TaskRow> tasksFor(DeadlineNotice notice, String jobTypeName, Instant now) {
        JobType type = jobTypeName == null || !notice.aboutJob() ? null : types.jobType(jobTypeName);
        if (type == null || type.alertUsers().isEmpty()) {
            return List.of();
        }
        List<TaskRow> rows = new ArrayList<>(type.alertUsers().size());
        for (String user : type.alertUsers()) {
            NewTask alert = NewTask.builder(type.alertTaskType())
                    .owner(user)
                    .payloadJson(Json.write(new DeadlineAlert(notice.eventKind(), user, notice)))
                    .build();
            rows.add(resolver.resolve(alert, "alert.", null, null, now));
        }
        return rows;
    }
}
