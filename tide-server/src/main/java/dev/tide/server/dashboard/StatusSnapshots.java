package dev.tide.server.dashboard;

import dev.tide.api.StatusReport;
import dev.tide.api.TaskInfo;
import dev.tide.api.TaskQuery;
import dev.tide.api.TaskQueue;
import dev.tide.api.TaskState;
import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Function;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The queue depths the overview and queue pages show, counted in the background with each queue's oldest waiting task. Counting every task by queue and
 * state reads the whole task table (seconds with millions of finished tasks kept), so pages never wait for it: they
 * show the latest count and when it was made, and a count older than its freshness starts the next one. The freshness
 * grows with the cost: at least {@link #MIN_AGE}, and {@link #COST_FACTOR} times what the last count took, so counting
 * never takes more than a small share of the store's time however large it grows. Only the first page after start
 * waits for a count.
 */
final class StatusSnapshots {
    static final Duration MIN_AGE = Duration.ofSeconds(5);
    static final int COST_FACTOR = 30;
    private static final Logger log = LoggerFactory.getLogger(StatusSnapshots.class);

    /** A count, each queue's longest-waiting ready task, and when they were read. */
    record Snapshot(StatusReport status, Map<String, TaskInfo> oldestReady, Instant countedAt, Duration took) {}

    private final Supplier<StatusReport> count;
    private final Function<StatusReport, Map<String, TaskInfo>> oldestReady;
    private final InstantSource clock;
    private final AtomicBoolean counting = new AtomicBoolean();
    private volatile Snapshot latest;

    StatusSnapshots(TaskQueue queue, InstantSource clock) {
        this(() -> queue.monitoring().status(), status -> oldestReady(queue, status), clock);
    }

    StatusSnapshots(
            Supplier<StatusReport> count,
            Function<StatusReport, Map<String, TaskInfo>> oldestReady,
            InstantSource clock) {
        this.count = count;
        this.oldestReady = oldestReady;
        this.clock = clock;
    }

    /** The latest count; counts now when there is none yet, and starts a new one in the background when it is old. */
    Snapshot latest() {
        Snapshot current = latest;
        if (current == null) {
            synchronized (this) {
                if (latest == null) {
                    latest = countNow();
                }
                return latest;
            }
        }
        Duration freshness = current.took().multipliedBy(COST_FACTOR);
        if (freshness.compareTo(MIN_AGE) < 0) {
            freshness = MIN_AGE;
        }
        if (current.countedAt().plus(freshness).isBefore(clock.instant()) && counting.compareAndSet(false, true)) {
            Thread.ofVirtual().name("tide-dashboard-count").start(() -> {
                try {
                    latest = countNow();
                } catch (RuntimeException e) {
                    log.warn("the dashboard could not count the queues: {}", e.toString());
                } finally {
                    counting.set(false);
                }
            });
        }
        return current;
    }

    /** Counts now, for a page that must show what it just changed (a queue suspended). */
    Snapshot refresh() {
        Snapshot fresh = countNow();
        latest = fresh;
        return fresh;
    }

    private Snapshot countNow() {
        long start = System.nanoTime();
        StatusReport status = count.get();
        Map<String, TaskInfo> oldest = oldestReady.apply(status);
        return new Snapshot(status, oldest, clock.instant(), Duration.ofNanos(System.nanoTime() - start));
    }

    /**
     * The longest-waiting ready task of each queue that has one: the lowest id, ids being handed out in order of
     * arrival. Read with the count rather than by each page view, so an open overview costs one listing per queue per
     * count, not per refresh.
     */
    private static Map<String, TaskInfo> oldestReady(TaskQueue queue, StatusReport status) {
        Map<String, TaskInfo> oldest = new HashMap<>();
        for (StatusReport.QueueDepth depth : status.queues()) {
            if (depth.ready() > 0) {
                queue
                        .tasks(TaskQuery.all()
                                .withQueue(depth.queue())
                                .withState(TaskState.READY)
                                .withLimit(1))
                        .items()
                        .stream()
                        .findFirst()
                        .ifPresent(task -> oldest.put(depth.queue(), task));
            }
        }
        return Map.copyOf(oldest);
    }
}
