package dev.tide.spring;

import dev.tide.api.worker.HandlerRegistry;
import dev.tide.api.worker.WorkerPool;
import dev.tide.core.Tide;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;

/**
 * The worker pools that run the application's handlers: one per queue with handlers (or per queue of
 * {@code tide.workers.queues}), started once every bean is made and stopped first when the context closes: claiming
 * stops, running handlers get {@code tide.workers.shutdown-timeout} to finish, and the leases of those still running are
 * released, so their tasks are ready for another worker at once, their attempt not counted.
 */
public final class TideWorkers implements SmartLifecycle {
    private static final Logger log = LoggerFactory.getLogger(TideWorkers.class);

    private final Tide tide;
    private final TideProperties.Workers settings;
    private final TideHandlerCollector handlers;
    private final List<WorkerPool> pools = new ArrayList<>();
    private volatile boolean running;

    public TideWorkers(Tide tide, TideProperties.Workers settings, TideHandlerCollector handlers) {
        this.tide = tide;
        this.settings = settings;
        this.handlers = handlers;
    }

    @Override
    public synchronized void start() {
        Map<String, HandlerRegistry> byQueue = handlers.byQueue();
        List<String> queues = settings.getQueues().isEmpty() ? List.copyOf(byQueue.keySet()) : settings.getQueues();
        for (String queue : queues) {
            HandlerRegistry registry = byQueue.get(queue);
            if (registry == null) {
                throw new IllegalStateException("tide.workers.queues names " + queue
                        + ", which no handler serves (@TideHandler(queue = ...)); queues with handlers: "
                        + byQueue.keySet());
            }
            WorkerPool.Builder pool = tide.workerPool()
                    .queue(queue)
                    .concurrency(settings.getPoolSize())
                    .shutdownGrace(settings.getShutdownTimeout())
                    .clock(tide.clock())
                    .handlers(registry);
            if (settings.getLeaseDuration() != null) {
                pool.leaseDuration(settings.getLeaseDuration());
            }
            pools.add(pool.build().start());
        }
        if (!pools.isEmpty()) {
            log.info(
                    "Tide workers started: {} handlers at once on each of the queues {}",
                    settings.getPoolSize(),
                    queues);
        }
        running = true;
    }

    @Override
    public synchronized void stop() {
        // All at once: each pool's handlers get the whole timeout, not what the pools before them left.
        List<Thread> stopping = new ArrayList<>();
        for (WorkerPool pool : pools) {
            stopping.add(Thread.ofVirtual()
                    .name("tide-stop-" + pool.workerName())
                    .start(() -> pool.shutdown(settings.getShutdownTimeout())));
        }
        for (Thread thread : stopping) {
            try {
                thread.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        pools.clear();
        running = false;
    }

    @Override
    public boolean isRunning() {
        return running;
    }

    /** The pools running now (for the application's own checks, and tests). */
    public synchronized List<WorkerPool> pools() {
        return List.copyOf(pools);
    }
}
