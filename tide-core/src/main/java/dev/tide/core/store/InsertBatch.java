package dev.tide.core.store;

import dev.tide.api.EnqueueResult;
import java.util.List;
import java.util.Set;

/** Inserted (or idempotently matched) tasks in request order, and the queues that got ready tasks. */
public record InsertBatch(List<EnqueueResult> results, Set<String> readyQueues) {}
