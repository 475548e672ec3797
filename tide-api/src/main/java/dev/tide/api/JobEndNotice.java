package dev.tide.api;

/**
 * The payload of the tasks Tide enqueues when a job ends: the job type's completion task (for the job's owner) and its
 * alerts (one per alert user).
 *
 * @param event always {@code "job.finished"}
 * @param recipient the user the notice is for
 */
public record JobEndNotice(String event, String recipient, JobInfo job) {
    public static final String JOB_FINISHED = "job.finished";
}
