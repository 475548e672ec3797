package dev.tide.core.store;

import dev.tide.api.JobType;
import dev.tide.api.QueueDefinition;
import dev.tide.api.QueueInfo;
import dev.tide.api.QueueUser;
import dev.tide.api.ServedTasks;
import dev.tide.api.TaskType;
import dev.tide.api.UserShares;
import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What the queue knows by name: task and job types, the types workers named, queues, and their users' shares.
 */
public interface Catalog {

    void taskTypeUpsert(TaskType type, Instant now);

    List<TaskType> taskTypeList();

    /** Records that a worker named these task types (claimed one, or filtered by it); types already recorded stay. */
    void namedTypeAdd(Collection<String> types, Instant now);

    /** Every task type some worker has named. */
    Set<String> namedTypeList();

    /** Waiting tasks (scheduled, blocked, ready, parked) by type, for the types no worker has named. */
    Map<String, Long> taskUnnamedTypeCounts();

    void jobTypeUpsert(JobType type, Instant now);

    List<JobType> jobTypeList();

    /** Creates a queue or changes its discipline, starting the re-keying of its waiting tasks when the order changed. */
    QueueInfo queueDefine(QueueDefinition definition, Instant now);

    List<QueueInfo> queueList();

    /** Suspends or resumes a queue, defining it (in priority order) if it was not. */
    QueueInfo queueSuspend(String name, boolean suspended, Instant now);

    /** Suspends or resumes dispatch from every queue at once. */
    void serverSuspend(boolean suspended, Instant now);

    /** Sets users' own allocation and concurrency in a queue (null: the queue's default); returns those users. */
    List<QueueUser> userAssign(String queue, UserShares shares);

    /** Changes only the shares given (non-null) of these users of a queue; returns those users. */
    List<QueueUser> userAdjust(String queue, UserShares shares);

    /** A queue's known users, by name. */
    List<QueueUser> userList(String queue);

    /**
     * A fair queue's tasks that ended succeeded or failed for good in {@code (since, now]}, counted by owner: the
     * {@code limit} that ended last at most ({@link ServedTasks#partial()} when there were more).
     */
    ServedTasks userServed(String queue, Instant since, Instant now, int limit);

    /** Replaces the server-wide prohibited users; returns them. */
    Set<String> prohibitedReplace(Set<String> users);

    Set<String> prohibitedList();
}
