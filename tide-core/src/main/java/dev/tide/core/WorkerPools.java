package dev.tide.core;

import dev.tide.api.worker.WorkerPool;
import dev.tide.core.engine.BackgroundService;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/** The worker pools made with {@link Tide#workerPool()}, which the engine shuts down (gracefully) when it closes. */
final class WorkerPools implements BackgroundService {
    private final List<WorkerPool> pools = new CopyOnWriteArrayList<>();

    void add(WorkerPool pool) {
        pools.add(pool);
    }

    @Override
    public String name() {
        return "worker pools";
    }

    /** Nothing to start with the engine: each pool starts when its owner starts it, and joins this then. */
    @Override
    public void start(Duration interval) {}

    @Override
    public void close() {
        for (WorkerPool pool : pools) {
            pool.close();
        }
    }
}
