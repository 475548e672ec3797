package dev.tide.core.store;

import java.util.Set;

/** How many tasks an unpark returned to waiting, and the queues that got ready tasks. */
public record Unparked(int count, Set<String> readyQueues) {}
