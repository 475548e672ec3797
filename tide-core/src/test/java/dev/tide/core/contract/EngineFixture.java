package dev.tide.core.contract;

import dev.tide.api.TaskQueue;
import dev.tide.core.Tide;
import dev.tide.core.time.ManualClock;

/** The embedded engine tested directly. */
public record EngineFixture(Tide engine, ManualClock clock, AutoCloseable cleanup) implements QueueFixture {
    @Override
    public TaskQueue queue() {
        return engine;
    }

    @Override
    public void close() {
        engine.close();
        if (cleanup != null) {
            try {
                cleanup.close();
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        }
    }
}
