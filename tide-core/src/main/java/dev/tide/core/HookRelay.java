package dev.tide.core;

import dev.tide.api.JobInfo;
import dev.tide.core.store.JobEndHook;
import dev.tide.core.store.TaskRow;
import java.util.List;

/** Forwards the store's job-end callback to the engine's hook once it exists (the store is built first). */
final class HookRelay implements JobEndHook {
    volatile JobEndHook target = JobEndHook.NONE;

    @Override
    public List<TaskRow> tasksFor(JobInfo finishedJob) {
        return target.tasksFor(finishedJob);
    }
}
