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
import java.util.function.Supplier;

/**
 * The engine's parts that processing cycles use. The queue is the engine itself, reached through the reference that
 * {@link TideAssembly} sets once the engine is built: no cycle runs before then.
 */
final class TideCycleEngine implements CycleEngine {
    private final Supplier<? extends TaskQueue> engine;
    private final Store store;
    private final ProfileSessions sessions;
    private final InstantSource clock;
    private final String nodeName;

    TideCycleEngine(
            Supplier<? extends TaskQueue> engine,
            Store store,
            ProfileSessions sessions,
            InstantSource clock,
            String nodeName) {
        this.engine = engine;
        this.store = store;
        this.sessions = sessions;
        this.clock = clock;
        this.nodeName = nodeName;
    }

    @Override
    public TaskQueue queue() {
        return engine.get();
    }

    @Override
    public InstantSource clock() {
        return clock;
    }

    @Override
    public String nodeName() {
        return nodeName;
    }

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
