package dev.tide.core.contract;

import dev.tide.api.TaskQueue;
import dev.tide.core.Tide;

/** The embedded engine tested directly; {@code cleanup} removes its storage afterwards. */
public record EngineFixture(Tide engine, AutoCloseable cleanup) implements QueueFixture {
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
