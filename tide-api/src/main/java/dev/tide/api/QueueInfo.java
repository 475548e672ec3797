package dev.tide.api;

import java.time.Instant;
import java.util.Set;

/**
 * A defined queue as it stands.
 *
 * @param suspended whether dispatch is stopped: tasks are still accepted, none is claimed
 * @param reordering whether tasks queued before the last change of discipline are still being given their new place
 *     (a background chore that works through the queue in batches)
 * @param defaultAllocation a fair queue's tasks per user per round, for users without their own
 * @param defaultConcurrency a fair queue's cap on one user's leases at once, for users without their own; null for none
 * @param prohibitedUsers this queue's own prohibited users (the server-wide ones apply as well)
 * @param maxPending the bound on the queue's pending tasks, or null
 * @param maxPendingPerKey the bound on pending tasks per coalescing key and owner, or null
 * @param maxPendingPerUser the bound on pending tasks per owner, or null
 */
public record QueueInfo(
        String name,
        Discipline discipline,
        boolean suspended,
        boolean reordering,
        int defaultAllocation,
        Integer defaultConcurrency,
        Set<String> prohibitedUsers,
        Instant updatedAt,
        Integer maxPending,
        Integer maxPendingPerKey,
        Integer maxPendingPerUser) {

    /** The definition that makes this queue as it stands: change it with its withers and define it again. */
    public QueueDefinition definition() {
        return new QueueDefinition(
                name,
                discipline,
                defaultAllocation,
                defaultConcurrency,
                prohibitedUsers,
                maxPending,
                maxPendingPerKey,
                maxPendingPerUser);
    }
}
