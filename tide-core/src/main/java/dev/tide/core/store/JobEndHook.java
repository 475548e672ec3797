package dev.tide.core.store;

import dev.tide.api.JobInfo;
import java.util.List;

/**
 * Called by a store inside the transaction in which a job ends; the tasks returned are inserted in that same
 * transaction (completion and alert notifications), so a finished job and its notices are never seen apart.
 */
@FunctionalInterface
public interface JobEndHook {
    List<TaskRow> tasksFor(JobInfo finishedJob);

    JobEndHook NONE = job -> List.of();
}
