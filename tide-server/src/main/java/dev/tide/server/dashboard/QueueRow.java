package dev.tide.server.dashboard;

import dev.tide.api.QueueInfo;
import dev.tide.api.StatusReport;
import dev.tide.api.TaskInfo;

/**
 * One queue's line of the overview: its depths, its definition (null for a queue only its tasks name), its oldest
 * ready task (null when none waits), as seen at {@code now}.
 */
public record QueueRow(StatusReport.QueueDepth depth, QueueInfo info, TaskInfo oldestReady, java.time.Instant now) {
    public boolean suspended() {
        return info != null && info.suspended();
    }

    /** How long the oldest ready task has waited since it was received, e.g. "12 min". */
    public String oldestWait() {
        return oldestReady == null
                ? ""
                : Durations.words(Math.max(
                        0,
                        java.time.Duration.between(oldestReady.createdAt(), now).toSeconds()));
    }

    public String discipline() {
        return info == null ? "fifo" : info.discipline().wireName();
    }
}
