package dev.tide.core.store;

import dev.tide.api.AckResult;
import dev.tide.api.JobInfo;
import java.util.List;
import java.util.Set;

/**
 * @param results one per settlement, in order
 * @param finishedJobs jobs that ended in this transaction (their end hooks' tasks are already inserted)
 * @param readyQueues queues that got ready tasks
 * @param task for single-task operations (cancel, retry): the task afterwards
 */
public record SettleBatch(
        List<AckResult> results, List<JobInfo> finishedJobs, Set<String> readyQueues, dev.tide.api.TaskInfo task) {}
