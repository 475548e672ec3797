package dev.tide.core.store;

import dev.tide.api.JobInfo;
import dev.tide.api.Page;
import dev.tide.api.TaskCount;
import dev.tide.api.TaskInfo;
import dev.tide.api.TaskQuery;
import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;

/**
 * Reading tasks and jobs, with the one write that changes no state (a job's info).
 */
public interface TaskReads {

    Optional<JobInfo> jobGet(long jobId);

    /** Replaces a job's info JSON; empty when the job does not exist. */
    Optional<JobInfo> jobInfoUpdate(long jobId, String info);

    /** Of the task ids, those of tasks that exist and belong to the owner (one statement). */
    Set<Long> tasksOwnedBy(String owner, Collection<Long> taskIds);

    /** Of the job ids, those of jobs that exist and belong to the owner (one statement). */
    Set<Long> jobsOwnedBy(String owner, Collection<Long> jobIds);

    Optional<TaskInfo> taskGet(long taskId);

    List<TaskInfo> taskGetMany(List<Long> taskIds);

    /** A page of the listing with text scans bounded at {@link TaskListing#SCAN_ROWS}. */
    default Page<TaskInfo> taskList(TaskQuery query) {
        return taskList(TaskListing.of(query));
    }

    Page<TaskInfo> taskList(TaskListing listing);

    /** How many tasks match the listing's filters: exact up to {@link TaskListing#EXACT_COUNT_ROWS}. */
    TaskCount taskCountMatching(TaskListing listing);

    /** The ids of the tasks that waited on this one, ascending, at most {@code limit}. */
    List<Long> taskDependents(long taskId, int limit);

    /** A page of jobs, newest first; {@code now} decides which deadlines have passed. */
    Page<JobInfo> jobList(dev.tide.api.JobQuery query, Instant now);

    /** The earliest run-at among a queue's scheduled tasks of these types (any type when empty). */
    Optional<Instant> taskNextRunAt(String queue, Set<String> types);

    /** How many of a queue's tasks of these types (any type when empty) are ready. */
    long taskReadyCount(String queue, Set<String> types);

    /** Counts tasks by state; used by tests and the status command. */
    OptionalLong taskCount(String queue, dev.tide.api.TaskState state);
}
