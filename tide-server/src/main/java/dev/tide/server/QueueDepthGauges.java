package dev.tide.server;

import dev.tide.api.StatusReport;
import dev.tide.api.StatusReport.QueueDepth;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.LongSupplier;
import java.util.function.Supplier;
import java.util.function.ToLongFunction;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Queue depths read from the store at scrape time: {@code tide.queue.depth} by {@code queue} and {@code state}, and
 * {@code tide.leases.held} by {@code queue}. One status query serves every gauge of a scrape, and its answer is kept
 * for {@link #MAX_AGE_NANOS} so that a storm of scrapes costs one query a second. A queue seen once keeps its gauges
 * (reading 0 once its tasks are pruned), so series do not flicker.
 */
final class QueueDepthGauges {
    private static final Logger log = LoggerFactory.getLogger(QueueDepthGauges.class);

    static final String DEPTH = "tide.queue.depth";
    static final String LEASES = "tide.leases.held";
    static final long MAX_AGE_NANOS = 1_000_000_000L;

    private static final Map<String, ToLongFunction<QueueDepth>> STATES = states();

    private final MeterRegistry registry;
    private final Supplier<StatusReport> status;
    private final LongSupplier nanoTime;
    private Map<String, QueueDepth> snapshot = Map.of();
    private long readAt;
    private boolean read;

    QueueDepthGauges(MeterRegistry registry, Supplier<StatusReport> status) {
        this(registry, status, System::nanoTime);
    }

    /** With the monotonic clock that ages readings ({@link System#nanoTime} but in tests). */
    QueueDepthGauges(MeterRegistry registry, Supplier<StatusReport> status, LongSupplier nanoTime) {
        this.registry = registry;
        this.status = status;
        this.nanoTime = nanoTime;
    }

    /** Reads the depths unless the last reading is under a second old, and registers gauges for new queues. */
    synchronized void refresh() {
        long now = nanoTime.getAsLong();
        if (read && now - readAt < MAX_AGE_NANOS) {
            return;
        }
        List<QueueDepth> depths;
        try {
            depths = status.get().queues();
        } catch (RuntimeException e) {
            // The scrape still serves the counters; the depths keep their last reading, and /readyz tells why.
            log.warn("queue depths not read for /metrics: {}", e.toString());
            return;
        }
        Map<String, QueueDepth> fresh = new LinkedHashMap<>();
        for (QueueDepth depth : depths) {
            fresh.put(depth.queue(), depth);
            if (!snapshot.containsKey(depth.queue())) {
                register(depth.queue());
            }
        }
        snapshot = Map.copyOf(fresh);
        readAt = now;
        read = true;
    }

    private void register(String queue) {
        STATES.forEach((state, count) -> Gauge.builder(DEPTH, () -> read(queue, count))
                .description("tasks in the queue by state (finished ones by outcome, while retained)")
                .tags("queue", queue, "state", state)
                .register(registry));
        Gauge.builder(LEASES, () -> read(queue, QueueDepth::leased))
                .description("tasks leased to workers, on every node")
                .tag("queue", queue)
                .register(registry);
    }

    private synchronized long read(String queue, ToLongFunction<QueueDepth> count) {
        QueueDepth depth = snapshot.get(queue);
        return depth == null ? 0 : count.applyAsLong(depth);
    }

    private static Map<String, ToLongFunction<QueueDepth>> states() {
        Map<String, ToLongFunction<QueueDepth>> states = new LinkedHashMap<>();
        states.put("scheduled", QueueDepth::scheduled);
        states.put("blocked", QueueDepth::blocked);
        states.put("ready", QueueDepth::ready);
        states.put("leased", QueueDepth::leased);
        states.put("parked", QueueDepth::parked);
        states.put("succeeded", QueueDepth::succeeded);
        states.put("failed", QueueDepth::failed);
        states.put("cancelled", QueueDepth::cancelled);
        states.put("expired", QueueDepth::expired);
        states.put("superseded", QueueDepth::superseded);
        return Collections.unmodifiableMap(states);
    }
}
