package dev.tide.core;

import dev.tide.api.auth.Owners;
import dev.tide.core.store.TaskReads;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The types of the jobs tasks are enqueued into, for their defaults, remembered on this node: a job's type never
 * changes and its id is never given again (both stores number jobs from a sequence), so an enqueue into a job seen
 * before reads nothing ahead of its transaction, which checks that the job is still there and open.
 */
final class JobTypes {
    /** Jobs remembered at most; past that the memory starts over (a job then costs one read again). */
    static final int LIMIT = 10_000;

    private final TaskReads reads;
    private final Map<Long, String> known = new ConcurrentHashMap<>();

    JobTypes(TaskReads reads) {
        this.reads = reads;
    }

    /**
     * The type of job {@code jobId}.
     *
     * @param field where the job id sits in the request, named when there is no such job
     */
    String of(long jobId, String field) {
        String type = known.get(jobId);
        if (type != null) {
            return type;
        }
        type = reads.jobGet(jobId)
                .orElseThrow(() -> Owners.noSuchJob(field, jobId))
                .type();
        remember(jobId, type);
        return type;
    }

    /** A job just created, so that its next tasks read nothing for its type. */
    void remember(long jobId, String type) {
        if (known.size() >= LIMIT) {
            known.clear();
        }
        known.put(jobId, type);
    }
}
