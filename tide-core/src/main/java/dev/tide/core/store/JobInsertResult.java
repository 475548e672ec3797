package dev.tide.core.store;

import dev.tide.api.JobInfo;
import java.util.List;
import java.util.Set;

/** A created job, its tasks' ids in request order, and the queues that got ready tasks. */
public record JobInsertResult(JobInfo job, List<Long> taskIds, Set<String> readyQueues) {}
