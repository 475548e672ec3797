package dev.tide.core.store;

import java.time.Instant;

/**
 * An unfinished task or open job whose deadline is due for a notice, as the deadline monitor reads it.
 *
 * @param taskId null for a job
 * @param jobId the job, or the task's job (null for a task outside any job)
 * @param type the task's type, or the job's
 * @param jobType the type of the job concerned (the task's job's, or the job's own); null when there is no job
 * @param queue the task's queue; null for a job
 * @param owner {@code ""} for none
 * @param raised the notices raised so far: {@link #NONE}, {@link #WARNED} (the last, {@link #VIOLATED}, leaves the
 *     index)
 */
public record DeadlineDue(
        Long taskId,
        Long jobId,
        String type,
        String jobType,
        String queue,
        String owner,
        Instant deadline,
        int raised) {

    public static final int NONE = 0;
    public static final int WARNED = 1;
    public static final int VIOLATED = 2;
}
