package dev.tide.core.store.jdbc;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * How many of a claim's tasks come from its queue's late lane (see {@code task_claim}): half, and when the claim asks
 * for an odd number, the odd one goes to each lane in turn. A worker claiming one task at a time so gets a late task
 * every other claim while both lanes have tasks. Turns are kept per queue in this process; nodes keep their own.
 */
final class LateLaneTurns {
    private final Map<String, AtomicInteger> turns = new ConcurrentHashMap<>();

    int share(String queue, int limit) {
        int turn = turns.computeIfAbsent(queue, q -> new AtomicInteger()).getAndIncrement();
        return (limit + (turn & 1)) / 2;
    }
}
