package dev.tide.api;

import java.util.List;

/** A created job and the ids of its first tasks, in request order. */
public record JobCreated(JobInfo job, List<Long> taskIds) {
    public JobCreated {
        taskIds = List.copyOf(taskIds);
    }
}
