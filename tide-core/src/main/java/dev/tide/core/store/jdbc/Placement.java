package dev.tide.core.store.jdbc;

import dev.tide.core.engine.DispatchKey;
import java.time.Instant;

/**
 * Where a task goes in its queue's order: its dispatch key, and whether the key places it among a fair queue's users
 * (the flag the fair-queue triggers of migration 5 watch).
 */
public record Placement(byte[] key, boolean fair) {

    /**
     * A task's place in a queue of this discipline.
     *
     * @param raceLead a roulette task's lead over the queue's race clock (an exponential draw over its weight)
     */
    static Placement of(
            QueueRow queue,
            String owner,
            int jobPriority,
            Instant jobDeadline,
            int priority,
            Instant deadline,
            double raceLead) {
        return switch (queue.discipline()) {
            case ROULETTE -> new Placement(DispatchKey.race(queue.clock() + raceLead), false);
            case FAIR -> new Placement(DispatchKey.fair(owner, jobPriority, jobDeadline, priority, deadline), true);
            default ->
                new Placement(DispatchKey.of(queue.discipline(), jobPriority, jobDeadline, priority, deadline), false);
        };
    }
}
