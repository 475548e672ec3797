package dev.tide.api.auth;

import dev.tide.api.InvalidRequestException;
import java.util.Collection;
import java.util.Set;

/**
 * Who owns the tasks and jobs a request names: what the server asks, in one batch per kind, before a caller confined
 * to its own (a submitter) may name an id anywhere in a request. An id it does not own answers exactly as an id that
 * names nothing, so that the ids of others cannot be told from missing ones.
 */
public interface Owners {
    /** Of {@code taskIds}, those of tasks that exist and belong to {@code owner}. */
    Set<Long> tasksOwnedBy(String owner, Collection<Long> taskIds);

    /** Of {@code jobIds}, those of jobs that exist and belong to {@code owner}. */
    Set<Long> jobsOwnedBy(String owner, Collection<Long> jobIds);

    /**
     * The one answer for a job id in a request that names no job the caller may see, whoever asks: an embedded
     * caller, an administrator, or a submitter naming another user's job.
     *
     * @param field where the id sits in the request, e.g. {@code jobId} or {@code tasks[2].jobId}
     */
    static InvalidRequestException noSuchJob(String field, long jobId) {
        return new InvalidRequestException(field, "no such job: " + jobId);
    }

    /** The one answer for a task id in a request that names no task the caller may see; see {@link #noSuchJob}. */
    static InvalidRequestException noSuchTask(String field, long taskId) {
        return new InvalidRequestException(field, "no such task: " + taskId);
    }
}
