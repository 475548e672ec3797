package dev.tide.server.dashboard;

import dev.tide.api.StatusReport;
import dev.tide.api.TaskQueue;
import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The queue depths the overview and queue pages show, counted in the background. Counting every task by queue and
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

    /** A count and when it was made. */
    record Snapshot(StatusReport status, Instant countedAt, Duration took) {}

    private final Supplier<StatusReport> count;
    private final InstantSource clock;
    private final AtomicBoolean counting = new AtomicBoolean();
    private volatile Snapshot latest;

    StatusSnapshots(TaskQueue queue, InstantSource clock) {
        this(() -> queue.monitoring().status(), clock);
    }

    StatusSnapshots(Supplier<StatusReport> count, InstantSource clock) {
        this.count = count;
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
        return new Snapshot(status, clock.instant(), Duration.ofNanos(System.nanoTime() - start));
    }
}
