package dev.tide.spring;

import dev.tide.api.StatusReport;
import dev.tide.api.TaskInfo;
import dev.tide.api.TaskQuery;
import dev.tide.api.TaskState;
import dev.tide.core.Tide;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * What the health indicators of both Boot lines report, read once per check: whether the store answers, and per queue
 * with ready tasks how many wait and how long the oldest has waited (its lag: from when it became ready by its run
 * time, or was enqueued, whichever is later). Beyond {@code tide.health.max-lag} a queue is lagging.
 *
 * @param error why the store did not answer; null when it did
 */
public record TideHealthReading(
        @Nullable String error,
        Map<String, QueueLag> queues,
        @Nullable Duration maxLag,
        List<String> lagging) {

    /** One queue's backlog. */
    public record QueueLag(long ready, Duration oldestReadyAge) {}

    /** UP, DOWN (store unreachable) or OUT_OF_SERVICE (a queue lags beyond the maximum): mapped to Boot's statuses. */
    public enum Level {
        UP,
        DOWN,
        OUT_OF_SERVICE
    }

    public static TideHealthReading read(Tide tide, @Nullable Duration maxLag) {
        Map<String, QueueLag> queues = new LinkedHashMap<>();
        List<String> lagging = new ArrayList<>();
        try {
            StatusReport status = tide.monitoring().status();
            Instant now = tide.clock().instant();
            for (StatusReport.QueueDepth depth : status.queues()) {
                if (depth.ready() == 0) {
                    continue;
                }
                // The ready task of lowest id: the one enqueued first, read from the queue's ready index.
                List<TaskInfo> oldest = tide.tasks(TaskQuery.all()
                                .withQueue(depth.queue())
                                .withState(TaskState.READY)
                                .withLimit(1))
                        .items();
                if (oldest.isEmpty()) {
                    continue; // claimed since the status was read
                }
                TaskInfo task = oldest.get(0);
                Instant readySince = task.runAt().isAfter(task.createdAt()) ? task.runAt() : task.createdAt();
                Duration age = Duration.between(readySince, now);
                age = age.isNegative() ? Duration.ZERO : age;
                queues.put(depth.queue(), new QueueLag(depth.ready(), age));
                if (maxLag != null && age.compareTo(maxLag) > 0) {
                    lagging.add(depth.queue());
                }
            }
        } catch (RuntimeException e) {
            return new TideHealthReading(String.valueOf(e.getMessage()), Map.of(), maxLag, List.of());
        }
        return new TideHealthReading(null, queues, maxLag, lagging);
    }

    public Level level() {
        if (error != null) {
            return Level.DOWN;
        }
        return lagging.isEmpty() ? Level.UP : Level.OUT_OF_SERVICE;
    }

    /** The details shown at {@code /actuator/health/tide}: ages in ISO-8601 and whole seconds. */
    public Map<String, Object> details() {
        Map<String, Object> details = new LinkedHashMap<>();
        if (error != null) {
            details.put("error", error);
            return details;
        }
        Map<String, Object> byQueue = new LinkedHashMap<>();
        queues.forEach((name, lag) -> byQueue.put(
                name,
                Map.of(
                        "ready", lag.ready(),
                        "oldestReadyAge", lag.oldestReadyAge().toString(),
                        "oldestReadyAgeSeconds", lag.oldestReadyAge().toSeconds())));
        details.put("queues", byQueue);
        if (maxLag != null) {
            details.put("maxLag", maxLag.toString());
            details.put("lagging", lagging);
        }
        return details;
    }
}
