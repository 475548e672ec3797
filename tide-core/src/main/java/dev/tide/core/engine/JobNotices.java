package dev.tide.core.engine;

import dev.tide.api.JobEndNotice;
import dev.tide.api.JobInfo;
import dev.tide.api.JobType;
import dev.tide.api.NewTask;
import dev.tide.api.PayloadTooLargeException;
import dev.tide.api.json.Json;
import dev.tide.core.store.JobEndHook;
import dev.tide.core.store.TaskRow;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.List;

/**
 * A job type's end hooks: the completion task for the job's owner and one alert per alert user, each carrying a
 * {@link JobEndNotice}. Runs inside the store's transaction, from cached types only.
 */
public final class JobNotices implements JobEndHook {
    private final TypeRegistry types;
    private final TaskResolver resolver;
    private final InstantSource clock;

    public JobNotices(TypeRegistry types, TaskResolver resolver, InstantSource clock) {
        this.types = types;
        this.resolver = resolver;
        this.clock = clock;
    }

    @Override
    public List<TaskRow> tasksFor(JobInfo job) {
        JobType type = types.jobType(job.type());
        if (type == null) {
            return List.of();
        }
        List<TaskRow> rows = new ArrayList<>();
        if (type.completionTaskType() != null) {
            rows.add(notice(type.completionTaskType(), job.owner(), job));
        }
        for (String user : type.alertUsers()) {
            rows.add(notice(type.alertTaskType(), user, job));
        }
        return rows;
    }

    private TaskRow notice(String taskType, String recipient, JobInfo job) {
        try {
            return resolver.resolve(build(taskType, recipient, job), "notice.", null, null, clock.instant());
        } catch (PayloadTooLargeException e) {
            // A job's info may be as large as the cap; the notice then goes without it rather than block the job's end.
            JobInfo slim = new JobInfo(
                    job.id(),
                    job.type(),
                    job.title(),
                    job.owner(),
                    job.priority(),
                    job.deadline(),
                    job.state(),
                    job.outcome(),
                    null,
                    job.total(),
                    job.succeeded(),
                    job.failed(),
                    job.cancelled(),
                    job.createdAt(),
                    job.finishedAt());
            return resolver.resolve(build(taskType, recipient, slim), "notice.", null, null, clock.instant());
        }
    }

    private static NewTask build(String taskType, String recipient, JobInfo job) {
        return NewTask.builder(taskType)
                .owner(recipient)
                .payloadJson(Json.write(new JobEndNotice(JobEndNotice.JOB_FINISHED, recipient, job)))
                .build();
    }
}
