package dev.tide.server.dashboard;

import dev.tide.api.TaskInfo;
import java.time.Instant;
import java.util.List;

/** One worker's leases, and how long each has left at {@code now}. */
public record WorkerLeases(String name, List<TaskInfo> leases, Instant now) {
    public long abandoned() {
        return leases.stream()
                .filter(t -> t.leaseExpiresAt() != null && t.leaseExpiresAt().isBefore(now))
                .count();
    }

    /** "12 s left" or "expired 40 s ago". */
    public String remaining(TaskInfo task) {
        if (task.leaseExpiresAt() == null) {
            return "";
        }
        long seconds = java.time.Duration.between(now, task.leaseExpiresAt()).toSeconds();
        return seconds >= 0 ? Durations.words(seconds) + " left" : "expired " + Durations.words(-seconds) + " ago";
    }
}
