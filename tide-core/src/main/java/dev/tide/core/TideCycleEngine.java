package dev.tide.core;

import dev.tide.api.TaskQueue;
import dev.tide.core.cycle.CycleEngine;
import dev.tide.core.engine.ProfileSessions;
import dev.tide.core.store.Store;
import java.time.Instant;
import java.time.InstantSource;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/** The engine's parts that processing cycles use, taken from a built {@link Tide}. */
record TideCycleEngine(TaskQueue queue, Store store, ProfileSessions sessions, InstantSource clock, String nodeName)
        implements CycleEngine {
    @Override
    public long readyCount(String queue, Set<String> types) {
        return store.taskReadyCount(queue, types);
    }

    @Override
    public Optional<Instant> nextRunAt(String queue, Set<String> types) {
        return store.taskNextRunAt(queue, types);
    }

    @Override
    public Map<String, Long> sessionUse(String session) {
        return sessions.used(session);
    }
}
