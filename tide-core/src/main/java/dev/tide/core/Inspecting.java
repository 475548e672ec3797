package dev.tide.core;

import dev.tide.api.InputRanges;
import dev.tide.api.InvalidRequestException;
import dev.tide.api.JobInfo;
import dev.tide.api.JobQuery;
import dev.tide.api.NotFoundException;
import dev.tide.api.Page;
import dev.tide.api.TaskCount;
import dev.tide.api.TaskInfo;
import dev.tide.api.TaskQuery;
import dev.tide.api.TaskSelection;
import dev.tide.api.TideEvent;
import dev.tide.api.auth.Owners;
import dev.tide.core.engine.AdminLog;
import dev.tide.core.engine.BlobPayloads;
import dev.tide.core.engine.Inputs;
import dev.tide.core.store.SettleBatch;
import dev.tide.core.store.TaskListing;
import dev.tide.core.store.TaskReads;
import dev.tide.core.store.TaskSettlements;
import dev.tide.core.store.Unparked;
import java.time.InstantSource;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What an inspector or an administrator does to tasks and jobs in this process: reads them, lists them, cancels,
 * retries, parks and unparks them, and answers who owns them. Each change is recorded in the event log as an
 * administrator's act, and the queues it made ready are woken.
 */
final class Inspecting {
    private final TaskReads reads;
    private final TaskSettlements settlements;
    private final InstantSource clock;
    private final TideConfig config;
    private final AdminLog admin;
    private final BlobPayloads blobs;
    private final ReadyNotices notices;

    Inspecting(
            TaskReads reads,
            TaskSettlements settlements,
            InstantSource clock,
            TideConfig config,
            AdminLog admin,
            BlobPayloads blobs,
            ReadyNotices notices) {
        this.reads = reads;
        this.settlements = settlements;
        this.clock = clock;
        this.config = config;
        this.admin = admin;
        this.blobs = blobs;
        this.notices = notices;
    }

    TaskInfo task(long taskId) {
        return blobs.read(reads.taskGet(taskId).orElseThrow(() -> new NotFoundException("task " + taskId)));
    }

    Page<TaskInfo> tasks(TaskQuery query) {
        return reads.taskList(query == null ? TaskQuery.all() : query);
    }

    TaskCount countTasks(TaskQuery filter) {
        return reads.taskCountMatching(TaskListing.of(filter == null ? TaskQuery.all() : filter));
    }

    TaskInfo cancel(long taskId, String reason) {
        String why = Inputs.message(reason);
        SettleBatch batch = settlements
                .taskCancel(taskId, why, clock.instant())
                .orElseThrow(() -> new NotFoundException("task " + taskId));
        notices.afterSettle(batch);
        admin.record(
                TideEvent.TASK_CANCELLED,
                taskId,
                batch.task().jobId(),
                batch.task().queue(),
                detail("reason", why));
        return blobs.readIfAvailable(batch.task());
    }

    TaskInfo retry(long taskId) {
        SettleBatch batch = settlements
                .taskRetry(taskId, clock.instant())
                .orElseThrow(() -> new NotFoundException("task " + taskId));
        notices.afterSettle(batch);
        admin.record(
                TideEvent.TASK_RETRIED,
                taskId,
                batch.task().jobId(),
                batch.task().queue(),
                Map.of());
        return blobs.readIfAvailable(batch.task());
    }

    int park(TaskSelection selection) {
        int parked = settlements.taskPark(requireSelection(selection));
        admin.record(TideEvent.TASKS_PARKED, null, null, selection.queue(), selected(selection, parked));
        return parked;
    }

    int unpark(TaskSelection selection) {
        Unparked unparked = settlements.taskUnpark(requireSelection(selection), clock.instant());
        notices.wake(unparked.readyQueues());
        admin.record(TideEvent.TASKS_UNPARKED, null, null, selection.queue(), selected(selection, unparked.count()));
        return unparked.count();
    }

    private static Map<String, Object> selected(TaskSelection selection, int count) {
        Map<String, Object> detail = new LinkedHashMap<>();
        detail.put("selection", selection);
        detail.put("count", count);
        return detail;
    }

    /** A detail of one field, which may be null. */
    static Map<String, Object> detail(String name, Object value) {
        Map<String, Object> detail = new LinkedHashMap<>();
        detail.put(name, value);
        return detail;
    }

    private TaskSelection requireSelection(TaskSelection selection) {
        if (selection == null) {
            throw new InvalidRequestException("selection", "is required");
        }
        InputRanges.INSTANT.check("receivedFrom", selection.receivedFrom(), clock.instant());
        InputRanges.INSTANT.check("receivedTo", selection.receivedTo(), clock.instant());
        return selection;
    }

    /** A missing task is a 404, not an empty list: the page asked about a task that is not there. */
    List<Long> dependents(long taskId) {
        List<Long> ids = reads.taskDependents(taskId, dev.tide.api.TaskQueue.MAX_DEPENDENTS);
        if (ids.isEmpty() && reads.taskGet(taskId).isEmpty()) {
            throw new NotFoundException("task " + taskId);
        }
        return ids;
    }

    Page<JobInfo> jobs(JobQuery query) {
        return reads.jobList(query == null ? JobQuery.all() : query, clock.instant());
    }

    JobInfo job(long jobId) {
        return reads.jobGet(jobId).orElseThrow(() -> new NotFoundException("job " + jobId));
    }

    JobInfo cancelJob(long jobId, String reason) {
        String why = Inputs.message(reason);
        SettleBatch batch = settlements
                .jobCancel(jobId, why, clock.instant())
                .orElseThrow(() -> new NotFoundException("job " + jobId));
        notices.afterSettle(batch);
        admin.record(TideEvent.JOB_CANCELLED, null, jobId, null, detail("reason", why));
        return job(jobId);
    }

    JobInfo updateJobInfo(long jobId, String infoJson) {
        String info = Inputs.json("info", infoJson, config.payloadCapBytes());
        return reads.jobInfoUpdate(jobId, info).orElseThrow(() -> new NotFoundException("job " + jobId));
    }

    /**
     * Who owns which tasks and jobs, asked in one statement per kind: what the server checks every id a confined
     * caller names against.
     */
    Owners owners() {
        return new Owners() {
            @Override
            public Set<Long> tasksOwnedBy(String owner, Collection<Long> taskIds) {
                return taskIds.isEmpty() ? Set.of() : reads.tasksOwnedBy(owner, taskIds);
            }

            @Override
            public Set<Long> jobsOwnedBy(String owner, Collection<Long> jobIds) {
                return jobIds.isEmpty() ? Set.of() : reads.jobsOwnedBy(owner, jobIds);
            }
        };
    }
}
