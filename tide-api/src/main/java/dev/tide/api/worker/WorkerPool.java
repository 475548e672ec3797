package dev.tide.api.worker;

import dev.tide.api.Ack;
import dev.tide.api.AckResult;
import dev.tide.api.ClaimRequest;
import dev.tide.api.Lease;
import dev.tide.api.LeasedTask;
import dev.tide.api.TaskQueue;
import dev.tide.api.TideException;
import dev.tide.api.UserFilter;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs handlers for the tasks of one queue with bounded concurrency, against any {@link TaskQueue}: the embedded
 * engine or a remote server through the HTTP client.
 *
 * <p>Three threads drive it. The claimer takes as many tasks as there are free slots (a long poll when none is ready).
 * The acknowledger sends finished tasks' acknowledgements in batches: whatever accumulated while the previous batch was
 * being written goes in the next, so batches grow with load and no ack waits on a timer. The heartbeater extends each
 * lease once a third of it has passed. A slot is freed only when its acknowledgement is durable, so at most
 * {@code concurrency} tasks are ever held.
 *
 * <p>{@link #close()} stops claiming, lets running handlers finish within the grace period, and releases the leases
 * of those still running at its end at once (their attempt is not counted), so no task waits out its lease. With
 * {@link Builder#closeOnJvmShutdown(boolean)} a JVM shutdown hook does the same on SIGTERM, Ctrl-C or
 * {@code System.exit}, so a worker process stopped by its supervisor hands its tasks back instead of stranding them.
 */
public final class WorkerPool implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(WorkerPool.class);
    private static final Duration HEARTBEAT_TICK = Duration.ofMillis(200);

    private final TaskQueue queue;
    private final Options options;
    private final Semaphore slots;
    private final Map<Long, InFlight> inFlight = new ConcurrentHashMap<>();
    private final LinkedBlockingQueue<InFlight> finished = new LinkedBlockingQueue<>();
    private final ExecutorService handlers;
    private final AtomicLong succeeded = new AtomicLong();
    private final AtomicLong failedAttempts = new AtomicLong();
    private final AtomicLong leasesLost = new AtomicLong();
    private volatile @Nullable Problem lastProblem;
    private volatile boolean claiming;
    private volatile boolean running;
    private @Nullable Thread claimer;
    private @Nullable Thread acknowledger;
    private @Nullable Thread heartbeater;
    private volatile @Nullable Thread shutdownHook;

    private final List<java.util.function.Consumer<WorkerPool>> onStart;

    private WorkerPool(TaskQueue queue, List<java.util.function.Consumer<WorkerPool>> onStart, Options options) {
        this.queue = queue;
        this.onStart = onStart;
        this.options = options;
        this.slots = new Semaphore(options.concurrency);
        this.handlers = Executors.newThreadPerTaskExecutor(Thread.ofVirtual()
                .name("tide-handler-" + options.queue + "-", 0)
                .factory());
    }

    public static Builder builder(TaskQueue queue) {
        return new Builder(queue);
    }

    /** Releases the previous life's leases (if configured) and starts claiming. */
    public WorkerPool start() {
        if (options.releaseOnStart) {
            int released = queue.releaseLeases(options.worker);
            if (released > 0) {
                log.info("worker {} released {} leases of its previous life", options.worker, released);
            }
        }
        running = true;
        claiming = true;
        claimer = Thread.ofPlatform().name("tide-claimer-" + options.worker).start(this::claimLoop);
        acknowledger = Thread.ofPlatform().name("tide-acker-" + options.worker).start(this::ackLoop);
        heartbeater =
                Thread.ofPlatform().name("tide-heartbeat-" + options.worker).start(this::heartbeatLoop);
        if (options.closeOnJvmShutdown) {
            shutdownHook =
                    Thread.ofPlatform().name("tide-shutdown-" + options.worker).unstarted(this::close);
            Runtime.getRuntime().addShutdownHook(shutdownHook);
        }
        onStart.forEach(callback -> callback.accept(this));
        return this;
    }

    public String workerName() {
        return options.worker;
    }

    /** Tasks whose handlers returned normally and whose success was recorded. */
    public long succeededCount() {
        return succeeded.get();
    }

    /** Handler runs that failed (thrown exception or explicit fail/retry). */
    public long failedAttemptCount() {
        return failedAttempts.get();
    }

    /** Tasks currently held by this pool. */
    public int inFlightCount() {
        return inFlight.size();
    }

    /** The ids of the tasks this pool holds now, in increasing order. */
    public List<Long> inFlightTaskIds() {
        return inFlight.keySet().stream().sorted().toList();
    }

    /** The pool's most recent problem: a handler's failure or a claim refused; null while there was none. */
    public @Nullable Problem lastProblem() {
        return lastProblem;
    }

    /** The handlers running at once at most. */
    public int concurrency() {
        return options.concurrency;
    }

    /**
     * Something that went wrong in a pool, for people to look at: what, when, and the task concerned (null for a claim
     * refused).
     */
    public record Problem(
            String message, java.time.Instant at, @Nullable Long taskId) {}

    private void problem(String message, @Nullable Long taskId) {
        lastProblem = new Problem(message, options.clock.instant(), taskId);
    }

    // --- claiming -------------------------------------------------------------------------------------------------

    private void claimLoop() {
        long errorBackoffMs = 100;
        while (claiming) {
            int granted;
            try {
                slots.acquire();
                granted = 1 + drainPermits(options.claimBatch - 1);
            } catch (InterruptedException e) {
                break;
            }
            if (!claiming) {
                slots.release(granted);
                break;
            }
            List<LeasedTask> claimed;
            try {
                claimed = queue.claim(new ClaimRequest(
                        options.queue,
                        options.worker,
                        granted,
                        options.handlers.types(),
                        options.leaseDuration,
                        options.pollWait,
                        options.maxPayloadBytes,
                        options.users == null ? UserFilter.ANY : options.users,
                        null,
                        options.processor));
                errorBackoffMs = 100;
            } catch (RuntimeException e) {
                slots.release(granted);
                if (!claiming) {
                    break;
                }
                problem("claim refused: " + e.getMessage(), null);
                log.warn(
                        "claim from queue {} failed, retrying in {} ms: {}",
                        options.queue,
                        errorBackoffMs,
                        e.toString());
                if (!sleep(errorBackoffMs)) {
                    break;
                }
                errorBackoffMs = Math.min(errorBackoffMs * 2, 10_000);
                continue;
            }
            slots.release(granted - claimed.size());
            for (LeasedTask task : claimed) {
                dispatch(task);
            }
        }
    }

    private int drainPermits(int atMost) {
        int got = 0;
        while (got < atMost && slots.tryAcquire()) {
            got++;
        }
        return got;
    }

    private void dispatch(LeasedTask task) {
        InFlight flight = new InFlight(task, new TaskContext(task, queue));
        inFlight.put(task.id(), flight);
        if (!claiming) {
            // Claimed while shutting down: hand it straight back.
            flight.abandoned = true;
            flight.ack = Ack.builder(task.lease()).release();
            finished.add(flight);
            return;
        }
        handlers.execute(() -> run(flight));
    }

    private void run(InFlight flight) {
        flight.thread = Thread.currentThread();
        Ack ack;
        try {
            ack = options.handlers.run(flight.context);
        } finally {
            flight.thread = null;
        }
        if (ack.kind() != Ack.Kind.SUCCEED) {
            failedAttempts.incrementAndGet();
            problem(ack.message() == null ? ack.kind().wireName() : ack.message(), flight.task.id());
        }
        synchronized (flight) {
            if (flight.abandoned) {
                return; // released at shutdown; this late result must not be sent
            }
            flight.ack = ack;
        }
        if (flight.context.answeredByHandler()) {
            // Acknowledged by the handler in its own transaction (TaskContext.acknowledgeThrough): nothing to send.
            if (ack.kind() == Ack.Kind.SUCCEED) {
                succeeded.incrementAndGet();
            }
            inFlight.remove(flight.task.id());
            slots.release(1);
            return;
        }
        finished.add(flight);
    }

    // --- acknowledging --------------------------------------------------------------------------------------------

    private void ackLoop() {
        List<InFlight> batch = new ArrayList<>();
        while (running || !finished.isEmpty()) {
            try {
                InFlight first = finished.poll(100, TimeUnit.MILLISECONDS);
                if (first == null) {
                    continue;
                }
                batch.add(first);
                finished.drainTo(batch, options.ackBatch - 1);
            } catch (InterruptedException e) {
                finished.drainTo(batch);
                running = false;
            }
            if (!batch.isEmpty()) {
                send(batch);
                batch.clear();
            }
        }
    }

    private void send(List<InFlight> batch) {
        Delivery delivery = deliver(batch.stream().map(WorkerPool::ackOf).toList());
        List<? extends @Nullable AckResult> results = delivery.results();
        if (delivery.refusal() != null) {
            // Refused as a whole: one of them is bad. Send them one by one so the others still land.
            List<@Nullable AckResult> alone = new ArrayList<>();
            for (InFlight flight : batch) {
                alone.add(deliverAlone(ackOf(flight)));
            }
            results = alone;
        }
        for (int i = 0; i < batch.size(); i++) {
            InFlight flight = batch.get(i);
            AckResult result = results.get(i);
            if (result != null && !result.accepted()) {
                leasesLost.incrementAndGet();
                log.warn(
                        "task {}: lease lost before its {} was recorded",
                        flight.task.id(),
                        ackOf(flight).kind().wireName());
            } else if (result != null && ackOf(flight).kind() == Ack.Kind.SUCCEED) {
                succeeded.incrementAndGet();
            }
            inFlight.remove(flight.task.id());
        }
        // All at once: the claimer then asks for the whole batch's worth in one claim, not for the first few slots.
        slots.release(batch.size());
    }

    /** The answer to a batch of acknowledgements: results (null items if given up), or the queue's refusal. */
    private record Delivery(
            List<? extends @Nullable AckResult> results,
            @Nullable TideException refusal) {}

    /** A flight is batched for sending only once its handler's acknowledgement is set. */
    private static Ack ackOf(InFlight flight) {
        return java.util.Objects.requireNonNull(flight.ack, "a flight is sent only with its acknowledgement");
    }

    /**
     * Sends acknowledgements, retrying transient failures (storage or network, HTTP 5xx) with backoff. A refusal of
     * the request itself (HTTP 4xx) is returned, not retried: the same request cannot succeed later.
     */
    private Delivery deliver(List<Ack> acks) {
        long backoffMs = 100;
        while (true) {
            try {
                return new Delivery(queue.ackAll(acks), null);
            } catch (TideException e) {
                if (e.httpStatus() < 500) {
                    return new Delivery(List.of(), e);
                }
                log.warn("acknowledging {} tasks failed, retrying in {} ms: {}", acks.size(), backoffMs, e.toString());
            } catch (RuntimeException e) {
                log.warn("acknowledging {} tasks failed, retrying in {} ms: {}", acks.size(), backoffMs, e.toString());
            }
            if (!sleep(backoffMs)) {
                log.error("interrupted while acknowledging {} tasks; their leases will expire", acks.size());
                return new Delivery(java.util.Collections.nCopies(acks.size(), null), null);
            }
            backoffMs = Math.min(backoffMs * 2, 5_000);
        }
    }

    /**
     * One acknowledgement on its own. If the queue refuses it (say, a follow-up task with an invalid payload), the
     * task fails with the reason instead, so the handler's bug shows rather than being retried forever.
     */
    private @Nullable AckResult deliverAlone(Ack ack) {
        Delivery alone = deliver(List.of(ack));
        if (alone.refusal() == null) {
            return alone.results().get(0);
        }
        String reason = "acknowledgement refused: " + alone.refusal().getMessage();
        log.error("task {}: {}", ack.taskId(), reason);
        Delivery failed = deliver(
                List.of(Ack.builder(ack.taskId(), ack.token()).message(reason).fail()));
        return failed.refusal() == null ? failed.results().get(0) : null;
    }

    // --- heartbeats -----------------------------------------------------------------------------------------------

    private void heartbeatLoop() {
        while (running) {
            if (!sleep(HEARTBEAT_TICK.toMillis())) {
                return;
            }
            List<InFlight> due = new ArrayList<>();
            long now = System.nanoTime();
            for (InFlight flight : inFlight.values()) {
                if (flight.ack == null
                        && now - flight.renewedNanos > flight.lease.duration().toNanos() / 3) {
                    due.add(flight);
                }
            }
            if (due.isEmpty()) {
                continue;
            }
            try {
                List<Lease> held =
                        queue.heartbeat(due.stream().map(f -> f.lease).toList(), null);
                Map<Long, Lease> byId = new java.util.HashMap<>();
                held.forEach(l -> byId.put(l.taskId(), l));
                for (InFlight flight : due) {
                    Lease renewed = byId.get(flight.task.id());
                    if (renewed == null) {
                        if (flight.ack == null) {
                            flight.context.markLeaseLost();
                        }
                    } else {
                        flight.lease = renewed;
                        flight.renewedNanos = now;
                    }
                }
            } catch (RuntimeException e) {
                log.warn("heartbeat of {} leases failed: {}", due.size(), e.toString());
            }
        }
    }

    // --- shutdown -------------------------------------------------------------------------------------------------

    /** Shuts down with the configured grace period. */
    @Override
    public void close() {
        shutdown(options.shutdownGrace);
    }

    /**
     * Stops claiming; waits up to {@code grace} for running handlers; releases the leases of handlers still running
     * after it (interrupting them) so their tasks are ready for another worker at once.
     */
    public synchronized void shutdown(Duration grace) {
        if (!claiming && !running) {
            return;
        }
        forgetShutdownHook();
        claiming = false;
        log.info(
                "worker {} stopping: no more claims, {} running handlers have {} to finish",
                options.worker,
                inFlight.size(),
                grace);
        if (claimer != null) {
            claimer.interrupt();
            join(claimer);
        }
        long deadline = System.nanoTime() + grace.toNanos();
        while (!inFlight.isEmpty() && System.nanoTime() < deadline) {
            sleep(10);
        }
        List<Ack> releases = new ArrayList<>();
        for (InFlight flight : inFlight.values()) {
            synchronized (flight) {
                if (flight.ack == null && !flight.abandoned) {
                    flight.abandoned = true;
                    releases.add(Ack.builder(flight.lease)
                            .message("released at worker shutdown")
                            .release());
                    Thread thread = flight.thread;
                    if (thread != null) {
                        thread.interrupt();
                    }
                }
            }
        }
        if (!releases.isEmpty()) {
            try {
                queue.ackAll(releases);
                log.info("worker {} released {} tasks still running at shutdown", options.worker, releases.size());
            } catch (RuntimeException e) {
                log.error(
                        "worker {} could not release {} tasks; they return when their leases expire",
                        options.worker,
                        releases.size(),
                        e);
            }
            releases.forEach(r -> inFlight.remove(r.taskId()));
        }
        running = false;
        join(acknowledger);
        if (heartbeater != null) {
            heartbeater.interrupt();
            join(heartbeater);
        }
        handlers.shutdownNow();
    }

    /** A pool closed by its owner needs its hook no more; one closed by the hook leaves the JVM to drop it. */
    private void forgetShutdownHook() {
        if (shutdownHook == null || Thread.currentThread() == shutdownHook) {
            return;
        }
        try {
            Runtime.getRuntime().removeShutdownHook(shutdownHook);
        } catch (IllegalStateException alreadyShuttingDown) {
            // The hook is running or about to: it finds the pool closed and returns.
        }
    }

    private static void join(@Nullable Thread thread) {
        if (thread == null) {
            return;
        }
        try {
            thread.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static boolean sleep(long millis) {
        try {
            Thread.sleep(millis);
            return true;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /** One held task. */
    private static final class InFlight {
        final LeasedTask task;
        final TaskContext context;
        volatile Lease lease;
        volatile long renewedNanos = System.nanoTime();
        volatile @Nullable Thread thread;
        volatile @Nullable Ack ack;
        boolean abandoned;

        InFlight(LeasedTask task, TaskContext context) {
            this.task = task;
            this.context = context;
            this.lease = task.lease();
        }
    }

    private record Options(
            String worker,
            String queue,
            int concurrency,
            int claimBatch,
            int ackBatch,
            Duration pollWait,
            @Nullable Duration leaseDuration,
            Duration shutdownGrace,
            boolean closeOnJvmShutdown,
            boolean releaseOnStart,
            @Nullable Long maxPayloadBytes,
            @Nullable UserFilter users,
            @Nullable String processor,
            java.time.InstantSource clock,
            HandlerRegistry handlers) {}

    /** Configures a pool; {@link #handler} at least once. */
    public static final class Builder {
        private final TaskQueue queue;
        private @Nullable String worker;
        private @Nullable String workerNamePrefix;
        private final List<java.util.function.Consumer<WorkerPool>> onStart = new ArrayList<>();
        private String queueName = dev.tide.api.NewTask.DEFAULT_QUEUE;
        private int concurrency = 8;
        private @Nullable Integer claimBatch;
        private int ackBatch = 500;
        private Duration pollWait = Duration.ofSeconds(5);
        private @Nullable Duration leaseDuration;
        private Duration shutdownGrace = Duration.ofSeconds(30);
        private boolean closeOnJvmShutdown;
        private boolean releaseOnStart = true;
        private @Nullable Long maxPayloadBytes;
        private @Nullable UserFilter users;
        private @Nullable String processor;
        private java.time.InstantSource clock = java.time.InstantSource.system();
        private final HandlerRegistry.Builder handlers = HandlerRegistry.builder();

        private Builder(TaskQueue queue) {
            this.queue = queue;
        }

        /**
         * The lease owner name. Keep it stable across restarts and unique among running pools: a pool that starts
         * releases the leases held under its name (its previous life's). The default is unique per process, so it
         * releases nothing.
         */
        public Builder workerName(String name) {
            this.worker = name;
            return this;
        }

        /** Names the pool {@code <prefix>/<queue>} unless {@link #workerName} is given. */
        public Builder workerNamePrefix(String prefix) {
            this.workerNamePrefix = prefix;
            return this;
        }

        /** Called with the pool when it starts (an engine uses this to shut its pools down with it). */
        public Builder onStart(java.util.function.Consumer<WorkerPool> callback) {
            this.onStart.add(callback);
            return this;
        }

        public Builder queue(String name) {
            this.queueName = name;
            return this;
        }

        /** Handlers running at once (default 8). */
        public Builder concurrency(int value) {
            if (value < 1) {
                throw new IllegalArgumentException("concurrency must be at least 1");
            }
            this.concurrency = value;
            return this;
        }

        /** Tasks claimed per request, at most the free slots (default: the concurrency, capped at 1000). */
        public Builder claimBatch(int value) {
            if (value < 1 || value > ClaimRequest.MAX_LIMIT) {
                throw new IllegalArgumentException("claimBatch must be between 1 and " + ClaimRequest.MAX_LIMIT);
            }
            this.claimBatch = value;
            return this;
        }

        /** Acknowledgements sent per request at most (default 500). */
        public Builder ackBatch(int value) {
            this.ackBatch = Math.max(1, value);
            return this;
        }

        /** How long one claim waits for work when the queue is empty (default 5 s). */
        public Builder pollWait(Duration value) {
            this.pollWait = value;
            return this;
        }

        /** Lease to take on claims; null (default) for each task type's lease length. */
        public Builder leaseDuration(Duration value) {
            this.leaseDuration = value;
            return this;
        }

        /**
         * How long {@link WorkerPool#close()} (and the {@link #closeOnJvmShutdown} hook) lets running handlers finish
         * before their leases are released (default 30 s; zero releases them at once).
         */
        public Builder shutdownGrace(Duration value) {
            if (value == null || value.isNegative()) {
                throw new IllegalArgumentException("shutdownGrace must be zero or more");
            }
            this.shutdownGrace = value;
            return this;
        }

        /**
         * Whether a JVM shutdown hook closes the pool (default false): on SIGTERM, Ctrl-C or {@code System.exit} it
         * stops claiming, lets running handlers finish within the {@link #shutdownGrace}, then releases the leases
         * still held (attempts not counted). For a worker process of its own; give its supervisor a stop timeout
         * longer than the grace. Closing the pool first removes the hook. The pool's {@link TaskQueue} must still
         * work while the hook runs (a {@code TideClient} does unless closed by another hook).
         */
        public Builder closeOnJvmShutdown(boolean value) {
            this.closeOnJvmShutdown = value;
            return this;
        }

        /** Whether start releases leases held under this worker name (default true). */
        public Builder releaseOnStart(boolean value) {
            this.releaseOnStart = value;
            return this;
        }

        /** Takes only tasks whose payload is at most this many bytes (default: any size). */
        public Builder maxPayloadBytes(Long value) {
            this.maxPayloadBytes = value;
            return this;
        }

        /** Whose tasks the pool takes: required, excluded and preferred users (default: anyone not prohibited). */
        public Builder users(UserFilter filter) {
            this.users = filter;
            return this;
        }

        /**
         * Claims under this processor ({@link dev.tide.api.ClaimRequest#processor()}): its definition decides the users
         * and payload size, and may change while the pool runs; the pool's queue must be the processor's.
         */
        public Builder processor(String name) {
            this.processor = name;
            return this;
        }

        /** The clock that stamps {@link WorkerPool#lastProblem()} (default: the system's). */
        public Builder clock(java.time.InstantSource value) {
            this.clock = java.util.Objects.requireNonNull(value, "clock");
            return this;
        }

        public Builder handler(String taskType, TaskHandler handler) {
            handlers.handler(taskType, handler);
            return this;
        }

        /** Every handler of the registry (the same one a processing cycle may run). */
        public Builder handlers(HandlerRegistry registry) {
            handlers.handlers(registry);
            return this;
        }

        public WorkerPool build() {
            if (handlers.isEmpty()) {
                throw new IllegalStateException("a worker pool needs at least one handler");
            }
            int batch = claimBatch != null ? claimBatch : Math.min(concurrency, ClaimRequest.MAX_LIMIT);
            String name = worker != null
                    ? worker
                    : workerNamePrefix != null ? workerNamePrefix + "/" + queueName : defaultWorkerName();
            return new WorkerPool(
                    queue,
                    List.copyOf(onStart),
                    new Options(
                            name,
                            queueName,
                            concurrency,
                            Math.min(batch, concurrency),
                            ackBatch,
                            pollWait,
                            leaseDuration,
                            shutdownGrace,
                            closeOnJvmShutdown,
                            releaseOnStart,
                            maxPayloadBytes,
                            users,
                            processor,
                            clock,
                            handlers.build()));
        }

        public WorkerPool start() {
            return build().start();
        }

        private static String defaultWorkerName() {
            String host;
            try {
                host = java.net.InetAddress.getLocalHost().getHostName();
            } catch (java.io.IOException e) {
                host = "localhost";
            }
            return host + "-" + ProcessHandle.current().pid();
        }
    }
}
