package dev.tide.core;

import dev.tide.api.Ack;
import dev.tide.api.AckResult;
import dev.tide.api.EnqueueResult;
import dev.tide.api.LeasedTask;
import dev.tide.api.TaskInfo;
import dev.tide.api.TaskState;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;

/**
 * The engine's task counters and latency timers (names and tags in docs/operations.md, "Metrics and probes"). Each
 * event costs a map lookup and a counter increment: meters are looked up by their tags in small maps of our own
 * rather than rebuilt through the registry on every call.
 *
 * <p>An acknowledgement names only a task id, so the queue and type an ack is counted under come from the claim this
 * engine handed out ({@link #claimed}); an ack of a task claimed through another node, or before a restart, counts under
 * {@value #UNKNOWN}. Only the queue and type are remembered (never the payload), for at most {@link #MAX_REMEMBERED}
 * tasks: leases that expire or are released unacknowledged would otherwise accumulate, so past the bound the task of
 * lowest id (the oldest, as ids grow) is forgotten.
 */
final class TaskMeters {
    static final String ENQUEUED = "tide.tasks.enqueued";
    static final String CLAIMED = "tide.tasks.claimed";
    static final String ACKNOWLEDGED = "tide.tasks.acknowledged";
    static final String CLAIMED_BY_USER = "tide.tasks.claimed.by.user";
    static final String ENQUEUE_LATENCY = "tide.enqueue.latency";
    static final String CLAIM_LATENCY = "tide.claim.latency";
    static final String UNKNOWN = "unknown";
    /** The tag value for users beyond {@link #MAX_USERS}, and for tasks with no owner. */
    static final String OTHER_USER = "other";
    /** Distinct (queue, user) pairs counted under their own user tag, per engine; later ones count as "other". */
    static final int MAX_USERS = 100;

    static final int MAX_REMEMBERED = 65_536;

    private static final Duration[] BUCKETS = Stream.of(1, 5, 10, 25, 50, 100, 250, 500, 1_000, 2_500, 5_000, 10_000)
            .map(Duration::ofMillis)
            .toArray(Duration[]::new);

    private final MeterRegistry registry;
    private final Map<List<String>, Counter> counters = new ConcurrentHashMap<>();
    private final Map<String, Timer> claimTimers = new ConcurrentHashMap<>();
    private final Set<List<String>> namedUsers = ConcurrentHashMap.newKeySet();
    private final ConcurrentSkipListMap<Long, Kind> claims = new ConcurrentSkipListMap<>();
    /** The size of {@link #claims}, which a skip list counts in linear time. */
    private final AtomicInteger remembered = new AtomicInteger();

    private final Timer enqueueTimer;

    TaskMeters(MeterRegistry registry) {
        this.registry = registry;
        this.enqueueTimer = buckets(Timer.builder(ENQUEUE_LATENCY)
                        .description("time to validate and durably store one enqueue call (a batch counts once)"))
                .register(registry);
    }

    void enqueued(List<EnqueueResult> results) {
        for (EnqueueResult r : results) {
            if (r.created()) {
                counter(ENQUEUED, "queue", r.task().queue(), "type", r.task().type())
                        .increment();
            }
        }
    }

    void enqueueTook(long nanos) {
        enqueueTimer.record(nanos, TimeUnit.NANOSECONDS);
    }

    void claimTook(String queue, long nanos) {
        claimTimers
                .computeIfAbsent(
                        queue,
                        q -> buckets(Timer.builder(CLAIM_LATENCY)
                                        .description(
                                                "time of one claim attempt against the store (long-poll waits excluded)")
                                        .tag("queue", q))
                                .register(registry))
                .record(nanos, TimeUnit.NANOSECONDS);
    }

    void claimed(List<LeasedTask> leased) {
        for (LeasedTask l : leased) {
            claimed(l.task());
        }
    }

    void claimed(TaskInfo task) {
        counter(CLAIMED, "queue", task.queue(), "type", task.type()).increment();
        counter(CLAIMED_BY_USER, "queue", task.queue(), "user", userTag(task.queue(), task.owner()))
                .increment();
        remember(task);
    }

    void acknowledged(List<Ack> acks, List<AckResult> results) {
        for (int i = 0; i < results.size(); i++) {
            AckResult r = results.get(i);
            Kind task = r.accepted() && isFinalFor(r) ? forget(r.taskId()) : claims.get(r.taskId());
            counter(
                            ACKNOWLEDGED,
                            "queue",
                            task == null ? UNKNOWN : task.queue(),
                            "type",
                            task == null ? UNKNOWN : task.type(),
                            "outcome",
                            outcome(acks.get(i), r))
                    .increment();
        }
    }

    /** What an ack is counted under. */
    private record Kind(String queue, String type) {}

    private void remember(TaskInfo task) {
        if (claims.put(task.id(), new Kind(task.queue(), task.type())) == null
                && remembered.incrementAndGet() > MAX_REMEMBERED
                && claims.pollFirstEntry() != null) {
            remembered.decrementAndGet();
        }
    }

    private Kind forget(long taskId) {
        Kind kind = claims.remove(taskId);
        if (kind != null) {
            remembered.decrementAndGet();
        }
        return kind;
    }

    /** The lease ends with any accepted ack; the claim is forgotten then. */
    private static boolean isFinalFor(AckResult r) {
        return r.state() != TaskState.LEASED;
    }

    /** succeeded, failed (and other outcomes of finished tasks), retried, released, or lease_lost. */
    private static String outcome(Ack ack, AckResult r) {
        if (!r.accepted()) {
            return "lease_lost";
        }
        if (r.outcome() != null) {
            return r.outcome().name().toLowerCase(Locale.ROOT);
        }
        return ack != null && ack.kind() == Ack.Kind.RELEASE ? "released" : "retried";
    }

    private String userTag(String queue, String owner) {
        if (owner == null || owner.isBlank()) {
            return OTHER_USER;
        }
        List<String> key = List.of(queue, owner);
        if (namedUsers.contains(key)) {
            return owner;
        }
        synchronized (namedUsers) {
            if (namedUsers.size() < MAX_USERS) {
                namedUsers.add(key);
                return owner;
            }
        }
        return OTHER_USER;
    }

    private Counter counter(String name, String... tags) {
        List<String> key = new ArrayList<>(tags.length + 1);
        key.add(name);
        key.addAll(List.of(tags));
        return counters.computeIfAbsent(
                key,
                k -> Counter.builder(name)
                        .description(description(name))
                        .tags(tags)
                        .register(registry));
    }

    private static String description(String name) {
        return switch (name) {
            case ENQUEUED -> "tasks created by enqueue calls on this node (duplicates and coalesced ones not counted)";
            case CLAIMED -> "tasks leased to workers by this node";
            case CLAIMED_BY_USER -> "tasks leased by this node, by the owning user (bounded, see docs/operations.md)";
            default -> "acknowledgements accepted or refused by this node, by outcome";
        };
    }

    /**
     * A dozen fixed buckets from 1 ms to 10 s rather than Micrometer's ~70 per timer: enough for histogram_quantile
     * across nodes, at a sixth of the series. (Client-side percentiles are not published alongside a histogram.)
     */
    private static Timer.Builder buckets(Timer.Builder builder) {
        return builder.serviceLevelObjectives(BUCKETS);
    }
}
