package dev.tide.api;

import com.fasterxml.jackson.annotation.JsonRawValue;
import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import dev.tide.api.json.Json;
import dev.tide.api.json.RawJsonDeserializer;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * A task to enqueue. Only {@code type} is required; every field left null takes its default from the task type, then
 * the job type, then the engine (see docs/concepts.md, "Defaults").
 *
 * @param type task type name; chooses the handler
 * @param queue the lane it waits in; {@code "default"} when null
 * @param payload the task's input as JSON text (any JSON value), or null
 * @param jobId the job it belongs to, or null for a standalone task
 * @param owner the user on whose behalf it runs; scopes idempotency keys and browsing
 * @param priority higher runs first among tasks of equal job priority and deadline
 * @param weight in a {@code roulette} queue, the task's share of the draw: a claim takes it with probability weight /
 *     sum of the weights of the ready tasks; 1 when null. Ignored by the other disciplines
 * @param runAt earliest time to run; now when null. Mutually exclusive with {@code delay}
 * @param delay run this long after enqueue; mutually exclusive with {@code runAt}
 * @param deadline when it should be done by; defaults to enqueue time plus the type's default duration
 * @param maxAttempts attempts before it is failed for good (at least 1)
 * @param idempotencyKey with queue and owner, identifies the task: enqueueing the same key again returns the same task
 * @param expiresAt when set, a task still waiting (not leased) at this time is never delivered: it ends
 *     {@code expired}
 * @param ref a name for the task within one request (an enqueue batch or a new job), by which other tasks of that
 *     request name it in {@code dependsOn}; it starts with a letter
 * @param dependsOn tasks that must succeed before this one runs: task ids (digits) or refs of tasks in the same
 *     request. Until then the task is {@code blocked}. Unknown ids and refs, and cycles, are refused
 * @param onDependencyFailure what happens when a dependency ends without succeeding; {@code cancel} when null
 * @param coalescingKey with queue and owner, relates the task to pending ones with the same key: its type's
 *     {@link TaskType#coalescing()} policy decides what it does to them (see {@link Coalescing}), and a queue may bound
 *     the pending tasks per key ({@link QueueDefinition#maxPendingPerKey()}). Null for none: the task is then never
 *     compared with others
 * @param units what the task costs against its profile's hourly and session budgets (seed 000: one message to 50
 *     recipients is 50 emails); 1 when null. A task whose units exceed the budget left waits for a later hour
 * @param divisible whether the task may be started with less than its units, as much as the budget has left: its
 *     handler is told the grant ({@link LeasedTask#budget()}), does that much (reads that many lines, say), reports what
 *     it used ({@link Ack#unitsUsed()}) and keeps its cursor in the job's info. False when null
 */
public record NewTask(
        String type,
        @Nullable String queue,

        @JsonRawValue @JsonDeserialize(using = RawJsonDeserializer.class) @Nullable
        String payload,

        @Nullable Long jobId,
        @Nullable String owner,
        @Nullable Integer priority,
        @Nullable Double weight,
        @Nullable Instant runAt,
        @Nullable Duration delay,
        @Nullable Instant deadline,
        @Nullable Integer maxAttempts,
        @Nullable String idempotencyKey,
        @Nullable Instant expiresAt,
        @Nullable String ref,
        List<String> dependsOn,
        @Nullable DependencyFailure onDependencyFailure,
        @Nullable String coalescingKey,
        @Nullable Integer units,
        @Nullable Boolean divisible) {

    public static final String DEFAULT_QUEUE = "default";

    public NewTask {
        dependsOn = dependsOn == null ? List.of() : List.copyOf(dependsOn);
        if (units != null && units < 1) {
            throw new InvalidRequestException("units", "must be at least 1");
        }
    }

    /** The units the task costs, 1 when not given. */
    public int unitsOrOne() {
        return units == null ? 1 : units;
    }

    /** Whether it may start with part of its units. */
    public boolean divisibleOrFalse() {
        return Boolean.TRUE.equals(divisible);
    }

    /** A task of {@code type} whose payload is {@code payload} serialized as JSON. */
    public static NewTask of(String type, Object payload) {
        return builder(type).payload(payload).build();
    }

    public static Builder builder(String type) {
        return new Builder(type);
    }

    /** A copy owned by {@code user}. */
    public NewTask withOwner(String user) {
        return toBuilder().owner(user).build();
    }

    /** A copy with another payload (JSON text). */
    public NewTask withPayload(String json) {
        return toBuilder().payloadJson(json).build();
    }

    /** A builder holding this task's fields. */
    public Builder toBuilder() {
        Builder b = new Builder(type);
        b.queue = queue;
        b.payload = payload;
        b.jobId = jobId;
        b.owner = owner;
        b.priority = priority;
        b.weight = weight;
        b.runAt = runAt;
        b.delay = delay;
        b.deadline = deadline;
        b.maxAttempts = maxAttempts;
        b.idempotencyKey = idempotencyKey;
        b.expiresAt = expiresAt;
        b.ref = ref;
        b.dependsOn.addAll(dependsOn);
        b.onDependencyFailure = onDependencyFailure;
        b.coalescingKey = coalescingKey;
        b.units = units;
        b.divisible = divisible;
        return b;
    }

    /** Fluent construction; every setter is optional. */
    public static final class Builder {
        private final String type;
        private @Nullable String queue;
        private @Nullable String payload;
        private @Nullable Long jobId;
        private @Nullable String owner;
        private @Nullable Integer priority;
        private @Nullable Double weight;
        private @Nullable Instant runAt;
        private @Nullable Duration delay;
        private @Nullable Instant deadline;
        private @Nullable Integer maxAttempts;
        private @Nullable String idempotencyKey;
        private @Nullable Instant expiresAt;
        private @Nullable String ref;
        private final List<String> dependsOn = new ArrayList<>();
        private @Nullable DependencyFailure onDependencyFailure;
        private @Nullable String coalescingKey;
        private @Nullable Integer units;
        private @Nullable Boolean divisible;

        private Builder(String type) {
            this.type = type;
        }

        public Builder queue(String queue) {
            this.queue = queue;
            return this;
        }

        /** The payload as an object, serialized with Tide's JSON settings. */
        public Builder payload(Object payload) {
            this.payload = payload == null ? null : Json.write(payload);
            return this;
        }

        /** The payload as JSON text, stored as given once it is checked to be valid JSON. */
        public Builder payloadJson(String json) {
            this.payload = json;
            return this;
        }

        public Builder job(long jobId) {
            this.jobId = jobId;
            return this;
        }

        public Builder owner(String owner) {
            this.owner = owner;
            return this;
        }

        public Builder priority(int priority) {
            this.priority = priority;
            return this;
        }

        /** The task's share of the draw in a {@code roulette} queue (greater than 0; 1 by default). */
        public Builder weight(double weight) {
            this.weight = weight;
            return this;
        }

        public Builder runAt(Instant runAt) {
            this.runAt = runAt;
            return this;
        }

        public Builder delay(Duration delay) {
            this.delay = delay;
            return this;
        }

        public Builder deadline(Instant deadline) {
            this.deadline = deadline;
            return this;
        }

        public Builder maxAttempts(int maxAttempts) {
            this.maxAttempts = maxAttempts;
            return this;
        }

        public Builder idempotencyKey(String key) {
            this.idempotencyKey = key;
            return this;
        }

        /** The task is never delivered after this time; still waiting then, it ends {@code expired}. */
        public Builder expiresAt(Instant expiresAt) {
            this.expiresAt = expiresAt;
            return this;
        }

        /** Names the task within its request, for {@link #dependsOnRef}. */
        public Builder ref(String ref) {
            this.ref = ref;
            return this;
        }

        /** Runs only after the task with this id has succeeded. */
        public Builder dependsOn(long taskId) {
            dependsOn.add(Long.toString(taskId));
            return this;
        }

        /** Runs only after the task named {@code ref} in the same request has succeeded. */
        public Builder dependsOnRef(String ref) {
            dependsOn.add(ref);
            return this;
        }

        public Builder onDependencyFailure(DependencyFailure policy) {
            this.onDependencyFailure = policy;
            return this;
        }

        /** Relates the task to pending ones with the same key, queue and owner (see {@link Coalescing}). */
        public Builder coalescingKey(String key) {
            this.coalescingKey = key;
            return this;
        }

        /** What the task costs against its profile's budgets (at least 1). */
        public Builder units(int units) {
            this.units = units;
            return this;
        }

        /** Lets the task start with as many of its units as the budget has left. */
        public Builder divisible(boolean divisible) {
            this.divisible = divisible;
            return this;
        }

        public NewTask build() {
            return new NewTask(
                    type,
                    queue,
                    payload,
                    jobId,
                    owner,
                    priority,
                    weight,
                    runAt,
                    delay,
                    deadline,
                    maxAttempts,
                    idempotencyKey,
                    expiresAt,
                    ref,
                    dependsOn,
                    onDependencyFailure,
                    coalescingKey,
                    units,
                    divisible);
        }
    }
}
