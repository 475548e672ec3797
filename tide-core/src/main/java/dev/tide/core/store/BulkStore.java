package dev.tide.core.store;

import dev.tide.api.BulkInfo;
import dev.tide.api.BulkMatch;
import dev.tide.api.BulkRequest;
import dev.tide.api.BulkState;
import dev.tide.api.JobInfo;
import dev.tide.api.TaskQuery;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * Bulk actions: the tasks each chose when it started, its progress, and the lease of the node that works it. A batch
 * changes its tasks and moves the progress in one transaction, so a batch is done once or not at all.
 */
public interface BulkStore {

    /** How many tasks match the filter now (of {@code owner} only, when given), and the highest id among them. */
    BulkMatch bulkMatch(TaskQuery filter, @Nullable String owner);

    /**
     * Writes a running bulk action and the tasks it chose, in one transaction.
     *
     * @param owner confines the choice to this user's tasks; null for everyone's
     */
    BulkInfo bulkCreate(BulkRequest request, @Nullable String actor, @Nullable String owner, Instant now);

    Optional<BulkInfo> bulkGet(long id);

    /** The newest first; of {@code owner} only when given. */
    List<BulkInfo> bulkRecent(@Nullable String owner, int limit);

    /** Whether any bulk action is running, read without writing. */
    boolean bulkAnyRunning();

    /**
     * Takes the oldest running bulk action that no live node works on (or that {@code node} held) for {@code node},
     * with a lease until {@code until}; empty when there is none.
     */
    Optional<Long> bulkTake(String node, Instant now, Instant until);

    /**
     * Runs the next batch of at most {@code limit} tasks of a bulk action that {@code node} holds, extending its lease
     * to {@code until}; ends it as done when no task is left.
     */
    BulkBatch bulkBatch(long id, String node, int limit, Instant now, Instant until);

    /** Ends a running bulk action as cancelled or failed, forgetting the tasks left; empty when it is not running. */
    Optional<BulkInfo> bulkStop(long id, BulkState state, @Nullable String message, Instant now);

    /**
     * What a batch did.
     *
     * @param info the bulk action afterwards (as it was, when no batch ran)
     * @param ran whether the batch ran (it may have found no task left, and ended it): false when the bulk action is no
     *     longer running or another node holds it
     * @param readyQueues queues that got ready tasks
     * @param finishedJobs jobs that ended in the batch
     */
    record BulkBatch(BulkInfo info, boolean ran, Set<String> readyQueues, List<JobInfo> finishedJobs) {}
}
