package dev.tide.core;

import dev.tide.api.Ack;
import dev.tide.api.AckResult;
import dev.tide.api.EnqueueResult;
import dev.tide.api.LeasedTask;
import dev.tide.api.Outcome;
import dev.tide.api.TaskInfo;
import dev.tide.api.TaskState;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.time.Duration;
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
 * event costs two map lookups by plain strings and a counter increment: the counters of one (queue, type) are held
 * together in a {@link KindMeters}, found by queue then type, so the hot path builds no tag list or key per task
 * (a drain profile showed the per-call key lists and their hashing). Each counter is still registered on its first
 * use only, as before.
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

    /** The outcome tag of each {@link Outcome}, built once rather than lower-cased per ack. */
    private static final String[] OUTCOME_TAGS = Stream.of(Outcome.values())
            .map(o -> o.name().toLowerCase(Locale.ROOT))
            .toArray(String[]::new);

    private final MeterRegistry registry;
    /** By queue, then by type. */
    private final Map<String, Map<String, KindMeters>> kinds = new ConcurrentHashMap<>();
    /** Claims counted by user: by queue, then by user tag. */
    private final Map<String, Map<String, Counter>> claimedByUser = new ConcurrentHashMap<>();

    private final Map<String, Timer> claimTimers = new ConcurrentHashMap<>();
    /** The users named in their own tag, by queue. */
    private final Map<String, Set<String>> namedUsers = new ConcurrentHashMap<>();

    private final AtomicInteger namedUserCount = new AtomicInteger();
    private final ConcurrentSkipListMap<Long, KindMeters> claims = new ConcurrentSkipListMap<>();
    /** The size of {@link #claims}, which a skip list counts in linear time. */
    private final AtomicInteger remembered = new AtomicInteger();

    private final Timer enqueueTimer;
    private final KindMeters unknown;
    private volatile KindMeters lastKind;

    TaskMeters(MeterRegistry registry) {
        this.registry = registry;
        this.enqueueTimer = buckets(Timer.builder(ENQUEUE_LATENCY)
                        .description("time to validate and durably store one enqueue call (a batch counts once)"))
                .register(registry);
        this.unknown = new KindMeters(UNKNOWN, UNKNOWN);
        this.lastKind = unknown;
    }

    void enqueued(List<EnqueueResult> results) {
        for (EnqueueResult r : results) {
            if (r.created()) {
                kind(r.task().queue(), r.task().type()).enqueued().increment();
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
        KindMeters kind = kind(task.queue(), task.type());
        kind.claimed().increment();
        String user = userTag(task.queue(), task.owner());
        (user == OTHER_USER ? kind.claimedByOther() : claimedByUser(task.queue(), user)).increment();
        remember(task.id(), kind);
    }

    void acknowledged(List<Ack> acks, List<AckResult> results) {
        for (int i = 0; i < results.size(); i++) {
            AckResult r = results.get(i);
            KindMeters kind = r.accepted() && isFinalFor(r) ? forget(r.taskId()) : claims.get(r.taskId());
            (kind == null ? unknown : kind)
                    .acknowledged(outcome(acks.get(i), r))
                    .increment();
        }
    }

    /**
     * The meters of a (queue, type). Task rows bring fresh strings whose hashes are not cached yet, so the kind last
     * asked for (usually the same again, a claim or an enqueue being of one queue and type) is compared first.
     */
    private KindMeters kind(String queue, String type) {
        KindMeters last = lastKind;
        if (last.queue.equals(queue) && last.type.equals(type)) {
            return last;
        }
        last = lookUp(queue, type);
        lastKind = last;
        return last;
    }

    private KindMeters lookUp(String queue, String type) {
        Map<String, KindMeters> types = kinds.get(queue);
        if (types == null) {
            types = kinds.computeIfAbsent(queue, q -> new ConcurrentHashMap<>());
        }
        KindMeters kind = types.get(type);
        return kind != null ? kind : types.computeIfAbsent(type, t -> new KindMeters(queue, t));
    }

    private Counter claimedByUser(String queue, String user) {
        Map<String, Counter> users = claimedByUser.computeIfAbsent(queue, q -> new ConcurrentHashMap<>());
        Counter counter = users.get(user);
        return counter != null
                ? counter
                : users.computeIfAbsent(user, u -> counter(CLAIMED_BY_USER, "queue", queue, "user", u));
    }

    /**
     * The counters of one (queue, type), each registered on first use. Two threads may both register one; the
     * registry hands both the same counter, so the race is harmless.
     */
    private final class KindMeters {
        private final String queue;
        private final String type;
        private volatile Counter enqueued;
        private volatile Counter claimed;
        private volatile Counter claimedByOther;
        private final Map<String, Counter> acknowledged = new ConcurrentHashMap<>(8);

        KindMeters(String queue, String type) {
            this.queue = queue;
            this.type = type;
        }

        Counter enqueued() {
            Counter c = enqueued;
            if (c == null) {
                enqueued = c = counter(ENQUEUED, "queue", queue, "type", type);
            }
            return c;
        }

        Counter claimed() {
            Counter c = claimed;
            if (c == null) {
                claimed = c = counter(CLAIMED, "queue", queue, "type", type);
            }
            return c;
        }

        /** The queue's claims of tasks counted under {@value #OTHER_USER}, kept here to skip two lookups. */
        Counter claimedByOther() {
            Counter c = claimedByOther;
            if (c == null) {
                claimedByOther = c = claimedByUser(queue, OTHER_USER);
            }
            return c;
        }

        Counter acknowledged(String outcome) {
            Counter c = acknowledged.get(outcome);
            return c != null
                    ? c
                    : acknowledged.computeIfAbsent(
                            outcome, o -> counter(ACKNOWLEDGED, "queue", queue, "type", type, "outcome", o));
        }
    }

    private void remember(long taskId, KindMeters kind) {
        if (claims.put(taskId, kind) == null
                && remembered.incrementAndGet() > MAX_REMEMBERED
                && claims.pollFirstEntry() != null) {
            remembered.decrementAndGet();
        }
    }

    private KindMeters forget(long taskId) {
        KindMeters kind = claims.remove(taskId);
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
            return OUTCOME_TAGS[r.outcome().ordinal()];
        }
        return ack != null && ack.kind() == Ack.Kind.RELEASE ? "released" : "retried";
    }

    private String userTag(String queue, String owner) {
        if (owner == null || owner.isBlank()) {
            return OTHER_USER;
        }
        Set<String> named = namedUsers.computeIfAbsent(queue, q -> ConcurrentHashMap.newKeySet());
        if (named.contains(owner)) {
            return owner;
        }
        synchronized (namedUsers) {
            if (named.contains(owner)) {
                return owner;
            }
            if (namedUserCount.get() < MAX_USERS) {
                named.add(owner);
                namedUserCount.incrementAndGet();
                return owner;
            }
        }
        return OTHER_USER;
    }

    private Counter counter(String name, String... tags) {
        return Counter.builder(name).description(description(name)).tags(tags).register(registry);
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
