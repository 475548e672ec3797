package dev.tide.api;

/**
 * One user (task owner) of a fair queue as it stands.
 *
 * @param allocation the user's own allocation; null when it follows the queue's default
 * @param concurrency the user's own concurrency cap; null when it follows the queue's default
 * @param effectiveAllocation the allocation that applies
 * @param effectiveConcurrency the cap that applies; null for none
 * @param leased the user's tasks leased now
 * @param waiting whether the user may have ready tasks (is in the turns)
 */
public record QueueUser(
        String user,
        Integer allocation,
        Integer concurrency,
        int effectiveAllocation,
        Integer effectiveConcurrency,
        int leased,
        boolean waiting) {}
