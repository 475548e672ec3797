package dev.tide.core.cycle;

import dev.tide.api.ClaimRequest;
import dev.tide.api.NewTask;
import dev.tide.api.TaskType;
import dev.tide.api.worker.HandlerRegistry;
import dev.tide.api.worker.TaskHandler;
import java.time.Duration;
import java.util.Set;

/**
 * A queue client (seed 000, §4.3.5.3): what one processing cycle takes and how often the scheduler runs it.
 *
 * @param name names the client: its cycles' sessions and lease owner, and its entry in the scheduler
 * @param queue the queue its cycles claim from
 * @param types the task types it takes; empty for any type its handlers accept ({@link HandlerRegistry#types()})
 * @param period how often the scheduler starts a cycle (every minute, hourly, ...); ignored by a cycle run on its own
 * @param maxDuration a cycle starts no task after this long (the thesis's script time limit); a task under way is let
 *     finish, so leave the host's own limit some room
 * @param claimBatch tasks taken per claim; they wait for each other within the cycle, so keep the batch well inside
 *     their lease
 * @param maxTasks at most this many tasks per cycle; null for no limit but the profiles' and the time limit
 * @param handlers what runs each task: the same registry a {@link dev.tide.api.worker.WorkerPool} may use
 */
public record QueueClient(
        String name,
        String queue,
        Set<String> types,
        Duration period,
        Duration maxDuration,
        int claimBatch,
        Integer maxTasks,
        HandlerRegistry handlers) {

    public QueueClient {
        TaskType.requireName("name", name);
        queue = TaskType.requireName("queue", queue == null ? NewTask.DEFAULT_QUEUE : queue);
        types = types == null ? Set.of() : Set.copyOf(types);
        types.forEach(t -> TaskType.requireName("types", t));
        requirePositive("period", period);
        requirePositive("maxDuration", maxDuration);
        if (claimBatch < 1 || claimBatch > ClaimRequest.MAX_LIMIT) {
            throw new IllegalArgumentException("claimBatch must be between 1 and " + ClaimRequest.MAX_LIMIT);
        }
        if (maxTasks != null && maxTasks < 1) {
            throw new IllegalArgumentException("maxTasks must be at least 1");
        }
        if (handlers == null || handlers.isEmpty()) {
            throw new IllegalArgumentException("queue client " + name + " needs at least one handler");
        }
    }

    private static void requirePositive(String what, Duration value) {
        if (value == null || value.isZero() || value.isNegative()) {
            throw new IllegalArgumentException(what + " must be a positive duration");
        }
    }

    public static Builder builder(String name) {
        return new Builder(name);
    }

    /** The types its claims ask for: its own, else its handlers'. */
    public Set<String> claimTypes() {
        return types.isEmpty() ? handlers.types() : types;
    }

    /** Fluent construction; defaults: queue {@code default}, every minute, 50 seconds at most, 10 tasks per claim. */
    public static final class Builder {
        private final String name;
        private String queue = NewTask.DEFAULT_QUEUE;
        private Set<String> types = Set.of();
        private Duration period = Duration.ofMinutes(1);
        private Duration maxDuration = Duration.ofSeconds(50);
        private int claimBatch = 10;
        private Integer maxTasks;
        private final HandlerRegistry.Builder handlers = HandlerRegistry.builder();

        private Builder(String name) {
            this.name = name;
        }

        public Builder queue(String value) {
            this.queue = value;
            return this;
        }

        public Builder types(Set<String> value) {
            this.types = value;
            return this;
        }

        public Builder every(Duration value) {
            this.period = value;
            return this;
        }

        public Builder maxDuration(Duration value) {
            this.maxDuration = value;
            return this;
        }

        public Builder claimBatch(int value) {
            this.claimBatch = value;
            return this;
        }

        public Builder maxTasks(Integer value) {
            this.maxTasks = value;
            return this;
        }

        public Builder handler(String taskType, TaskHandler handler) {
            handlers.handler(taskType, handler);
            return this;
        }

        public Builder handlers(HandlerRegistry registry) {
            handlers.handlers(registry);
            return this;
        }

        public QueueClient build() {
            return new QueueClient(name, queue, types, period, maxDuration, claimBatch, maxTasks, handlers.build());
        }
    }
}
