package dev.tide.core.cycle;

import dev.tide.core.Tide;
import dev.tide.core.engine.BackgroundService;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The engine's built-in scheduler of processing cycles (seed 000's scheduler layers, without the operating system's
 * cron): each scheduled queue client gets one cycle per period, on the engine's clock.
 *
 * <p>A client's cycles are due at the multiples of its period since the epoch (every minute on the minute, hourly on
 * the hour of UTC), as a crontab line would run them. Two cycles of one client never overlap: a cycle still running
 * when its next one is due makes that one wait until it ends. A missed period is not replayed: however many periods
 * passed (a long cycle, a paused process, a clock moved forward), the client gets one cycle, and its next is due at the
 * first multiple of its period after that cycle's start.
 *
 * <p>With maintenance on ({@link dev.tide.core.TideConfig#maintenanceInterval()} set), a thread looks for due cycles
 * every {@link #TICK} and runs each on a virtual thread of its own. With maintenance off, as in tests on a manual clock
 * and in one-shot commands, nothing runs by itself: {@link #runDue()} runs the due cycles in the caller.
 */
public final class CycleScheduler implements BackgroundService {
    /** How often the scheduler's thread looks for due cycles (real time). */
    public static final Duration TICK = Duration.ofSeconds(1);

    private static final Logger log = LoggerFactory.getLogger(CycleScheduler.class);

    // the engine once built: the scheduler is made with it, before it exists
    private final Supplier<Tide> tide;
    private boolean background; // guarded by this
    private final Map<String, Scheduled> clients = new ConcurrentHashMap<>();
    private ExecutorService runners;
    private Thread ticker;
    private volatile boolean closed;

    public CycleScheduler(Supplier<Tide> tide) {
        this.tide = tide;
    }

    @Override
    public String name() {
        return "cycle scheduler";
    }

    /**
     * Runs scheduled cycles in the background from now on, on its own {@link #TICK} rather than the interval (the
     * thread starts with the first client scheduled). Without this, as with maintenance off, only {@link #runDue()}
     * runs them.
     */
    @Override
    public synchronized void start(Duration interval) {
        if (!closed) {
            background = true;
            if (!clients.isEmpty()) {
                startTicker();
            }
        }
    }

    /** Runs one cycle of the client now, in the calling thread (what {@code tide cycle} does). */
    public CycleReport runOnce(QueueClient client) {
        return new Cycle(tide.get(), client).run();
    }

    /**
     * Schedules a client: its first cycle is due at the first multiple of its period from now on. A client of the same
     * name is refused.
     */
    public synchronized ScheduledClient schedule(QueueClient client) {
        if (closed) {
            throw new IllegalStateException("the engine is closed");
        }
        Scheduled scheduled = new Scheduled(
                client, firstDue(client.period(), tide.get().clock().instant()));
        if (clients.putIfAbsent(client.name(), scheduled) != null) {
            throw new IllegalArgumentException("a queue client named " + client.name() + " is already scheduled");
        }
        if (background) {
            startTicker();
        }
        return scheduled;
    }

    private void startTicker() {
        if (ticker == null) {
            runners = Executors.newThreadPerTaskExecutor(
                    Thread.ofVirtual().name("tide-cycle-", 0).factory());
            ticker = Thread.ofPlatform().daemon().name("tide-cycles").start(this::tick);
        }
    }

    /** Stops scheduling the named client (a cycle under way finishes); whether it was scheduled. */
    public boolean unschedule(String name) {
        return clients.remove(name) != null;
    }

    /** The scheduled client of that name. */
    public Optional<ScheduledClient> client(String name) {
        return Optional.ofNullable(clients.get(name));
    }

    /**
     * Runs, in the calling thread, one cycle of each client that is due at the clock's time and has none under way;
     * returns their reports.
     */
    public List<CycleReport> runDue() {
        List<CycleReport> reports = new ArrayList<>();
        for (Scheduled scheduled : clients.values()) {
            if (scheduled.takeTurn(tide.get().clock().instant())) {
                reports.add(scheduled.runTurn());
            }
        }
        return reports;
    }

    private void tick() {
        while (!closed) {
            try {
                for (Scheduled scheduled : clients.values()) {
                    if (scheduled.takeTurn(tide.get().clock().instant())) {
                        runners.execute(scheduled::runTurn);
                    }
                }
                Thread.sleep(TICK);
            } catch (InterruptedException e) {
                return;
            } catch (RuntimeException e) {
                log.warn("looking for due cycles failed: {}", e.toString());
            }
        }
    }

    /** Stops the scheduler's thread and waits up to {@code grace} for cycles under way. */
    public void close(Duration grace) {
        closed = true;
        synchronized (this) {
            if (ticker != null) {
                ticker.interrupt();
                try {
                    ticker.join();
                    runners.shutdown();
                    runners.awaitTermination(grace.toMillis(), TimeUnit.MILLISECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                runners.shutdownNow();
            }
        }
    }

    @Override
    public void close() {
        close(Duration.ofSeconds(30));
    }

    /** The first multiple of {@code period} since the epoch at or after {@code now}. */
    static Instant firstDue(Duration period, Instant now) {
        Instant previous = previousMultiple(period, now);
        return previous.equals(now) ? now : previous.plus(period);
    }

    /** The last multiple of {@code period} since the epoch at or before {@code now}. */
    static Instant previousMultiple(Duration period, Instant now) {
        long n = Duration.between(Instant.EPOCH, now).dividedBy(period);
        return Instant.EPOCH.plus(period.multipliedBy(n));
    }

    /** A scheduled client as the scheduler sees it. */
    public interface ScheduledClient {
        QueueClient client();

        /** When its next cycle is due. */
        Instant nextDueAt();

        /** Whether a cycle of it is under way. */
        boolean running();

        /** How many cycles it has run. */
        long cyclesRun();

        /** The report of its last finished cycle, if any. */
        Optional<CycleReport> lastReport();
    }

    private final class Scheduled implements ScheduledClient {
        private final QueueClient client;
        private Instant nextDue;
        private boolean running;
        private long cyclesRun;
        private CycleReport last;

        Scheduled(QueueClient client, Instant nextDue) {
            this.client = client;
            this.nextDue = nextDue;
        }

        /** Takes the client's turn if a cycle is due and none is under way; its next is then due a period on. */
        synchronized boolean takeTurn(Instant now) {
            if (running || now.isBefore(nextDue) || closed) {
                return false;
            }
            running = true;
            nextDue = previousMultiple(client.period(), now).plus(client.period());
            return true;
        }

        CycleReport runTurn() {
            try {
                CycleReport report = new Cycle(tide.get(), client).run();
                synchronized (this) {
                    last = report;
                    cyclesRun++;
                }
                return report;
            } catch (RuntimeException e) {
                log.warn("cycle of queue client {} failed: {}", client.name(), e.toString());
                throw e;
            } finally {
                synchronized (this) {
                    running = false;
                }
            }
        }

        @Override
        public QueueClient client() {
            return client;
        }

        @Override
        public synchronized Instant nextDueAt() {
            return nextDue;
        }

        @Override
        public synchronized boolean running() {
            return running;
        }

        @Override
        public synchronized long cyclesRun() {
            return cyclesRun;
        }

        @Override
        public synchronized Optional<CycleReport> lastReport() {
            return Optional.ofNullable(last);
        }
    }
}
