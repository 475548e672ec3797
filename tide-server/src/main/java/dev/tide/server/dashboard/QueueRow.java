package dev.tide.server.dashboard;

import dev.tide.api.QueueInfo;
import dev.tide.api.StatusReport;
import dev.tide.api.TaskInfo;

/**
 * One queue's line of the overview: its depths, its definition (null for a queue only its tasks name), its oldest
 * ready task (null when none waits).
 */
public record QueueRow(StatusReport.QueueDepth depth, QueueInfo info, TaskInfo oldestReady) {
    public boolean suspended() {
        return info != null && info.suspended();
    }

    public String discipline() {
        return info == null ? "fifo" : info.discipline().wireName();
    }
}
