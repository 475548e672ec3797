package dev.tide.api;

/**
 * One user (task owner) of a queue as it stands.
 *
 * @param allocation the user's own allocation; null when it follows the queue's default
 * @param concurrency the user's own concurrency cap; null when it follows the queue's default
 * @param effectiveAllocation the allocation that applies
 * @param effectiveConcurrency the cap that applies; null for none
 * @param leased the user's tasks leased now (in a fair queue)
 * @param waiting whether the user may have ready tasks (is in the turns)
 * @param maxPending the user's own bound on its pending tasks; null when it follows the queue's
 * @param effectiveMaxPending the bound that applies; null for none (the queue has no per-user bound)
 */
public record QueueUser(
        String user,
        Integer allocation,
        Integer concurrency,
        int effectiveAllocation,
        Integer effectiveConcurrency,
        int leased,
        boolean waiting,
        Integer maxPending,
        Integer effectiveMaxPending) {}
