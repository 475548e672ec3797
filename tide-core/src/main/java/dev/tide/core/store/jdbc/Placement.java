package dev.tide.core.store.jdbc;

import dev.tide.core.dispatch.DispatchKey;
import java.time.Instant;

/**
 * Where a task goes in its queue's order: its dispatch key, whether the key places it among a fair queue's users (the
 * flag the fair-queue triggers of migration 5 watch), and whether its queue counts it against a bound on pending tasks
 * (the flag of the index those counts read, migration 8).
 */
public record Placement(byte[] key, boolean fair, boolean bounded) {

    /**
     * A task's place in a queue of this discipline.
     *
     * @param raceLead a roulette task's lead over the queue's race clock (an exponential draw over its weight)
     * @param lateJob whether the task's job is past its deadline: in an ordered queue it then goes in the late lane
     */
    static Placement of(
            QueueRow queue,
            String owner,
            int jobPriority,
            Instant jobDeadline,
            int priority,
            Instant deadline,
            double raceLead,
            boolean lateJob) {
        boolean bounded = queue.bounds().any();
        return switch (queue.discipline()) {
            case ROULETTE -> new Placement(DispatchKey.race(queue.clock() + raceLead), false, bounded);
            case FAIR ->
                new Placement(DispatchKey.fair(owner, jobPriority, jobDeadline, priority, deadline), true, bounded);
            default -> {
                byte[] key = DispatchKey.of(queue.discipline(), jobPriority, jobDeadline, priority, deadline);
                yield new Placement(lateJob ? DispatchKey.late(key) : key, false, bounded);
            }
        };
    }
}
