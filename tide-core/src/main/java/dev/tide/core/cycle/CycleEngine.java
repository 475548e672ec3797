package dev.tide.core.cycle;

import dev.tide.api.TaskQueue;
import java.time.Instant;
import java.time.InstantSource;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * What processing cycles use of the engine: the queue they claim from, acknowledge to and hand to their handlers, and
 * the few readings that say why a cycle stopped. Narrower than the facade, so that the cycle package depends on the
 * API and the engine below it, never on the facade that builds it.
 */
public interface CycleEngine {
    TaskQueue queue();

    InstantSource clock();

    /** This node's name: a cycle's worker is named {@code node/client}. */
    String nodeName();

    /** How many tasks of those types (any type when empty) are ready in the queue now. */
    long readyCount(String queue, Set<String> types);

    /** When the next task of those types that waits for its time becomes ready, if any does. */
    Optional<Instant> nextRunAt(String queue, Set<String> types);

    /** What a named session has taken on this node so far, by profile key. */
    Map<String, Long> sessionUse(String session);
}
