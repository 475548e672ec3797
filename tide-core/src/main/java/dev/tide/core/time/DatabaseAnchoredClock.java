package dev.tide.core.time;

import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The time every node of a PostgreSQL deployment agrees on: the database's clock, read now and then, and extended in
 * between by this process's monotonic clock ({@link System#nanoTime()}). A host whose wall clock is minutes off thus
 * still times leases, run-at and deadlines like every other node, and cannot expire another node's lease early.
 *
 * <p>Each reading (an <em>anchor</em>) takes the best of {@value #SAMPLES} round trips and assumes the database read its
 * clock halfway through: the error is at most half the shortest round trip. A daemon thread re-anchors every
 * {@code reanchorEvery}; if the database cannot be reached the clock runs on from the last anchor. The time answered
 * never goes backwards: when a new anchor is behind the time already given out (this host's monotonic clock ran
 * fast), the clock holds still until the anchor catches up.
 */
public final class DatabaseAnchoredClock implements InstantSource, AutoCloseable {
    public static final Duration DEFAULT_REANCHOR = Duration.ofSeconds(10);

    private static final Logger log = LoggerFactory.getLogger(DatabaseAnchoredClock.class);
    private static final int SAMPLES = 3;
    /** A host this far off the database's clock is told at start (ms); a few ms is ordinary network noise. */
    private static final long SKEW_WORTH_TELLING_MILLIS = 1_000;

    private final LongSupplier databaseMillis;
    private final LongSupplier nanoTime;
    private final long reanchorNanos;
    private final AtomicLong lastGiven = new AtomicLong(Long.MIN_VALUE);
    private final Object sleeper = new Object();
    private final Thread thread;
    private volatile Anchor anchor;
    private volatile boolean running = true;

    /**
     * Reads the first anchor now (failing if the database cannot be read) and re-anchors in the background.
     *
     * @param databaseMillis reads the database's clock in epoch milliseconds (one round trip)
     */
    public DatabaseAnchoredClock(LongSupplier databaseMillis, Duration reanchorEvery) {
        this(databaseMillis, reanchorEvery, System::nanoTime, true);
    }

    /** A clock that re-anchors only when {@link #reanchor()} is called, on the given monotonic clock; for tests. */
    public static DatabaseAnchoredClock manual(LongSupplier databaseMillis, LongSupplier nanoTime) {
        return new DatabaseAnchoredClock(databaseMillis, DEFAULT_REANCHOR, nanoTime, false);
    }

    private DatabaseAnchoredClock(
            LongSupplier databaseMillis, Duration reanchorEvery, LongSupplier nanoTime, boolean background) {
        if (reanchorEvery.toMillis() < 1) {
            throw new IllegalArgumentException("reanchorEvery must be at least 1 ms");
        }
        this.databaseMillis = databaseMillis;
        this.nanoTime = nanoTime;
        this.reanchorNanos = reanchorEvery.toNanos();
        this.anchor = read();
        long skew = skewMillis();
        if (Math.abs(skew) >= SKEW_WORTH_TELLING_MILLIS) {
            log.warn(
                    "this host's clock is {} ms {} the database's; Tide times leases, run-at and schedules on the "
                            + "database's clock, so this is harmless to the queue, but worth fixing (NTP)",
                    Math.abs(skew),
                    skew < 0 ? "ahead of" : "behind");
        }
        this.thread = background
                ? Thread.ofPlatform().name("tide-clock-anchor").daemon(true).start(this::loop)
                : null;
    }

    @Override
    public Instant instant() {
        return Instant.ofEpochMilli(millis());
    }

    @Override
    public long millis() {
        Anchor a = anchor;
        long extended = a.databaseMillis + Math.floorDiv(nanoTime.getAsLong() - a.nanos, 1_000_000L);
        return lastGiven.accumulateAndGet(extended, Math::max);
    }

    /** Reads the database's clock again now; the next answers extend this reading. */
    public void reanchor() {
        anchor = read();
    }

    /** The offset of the database's clock from this host's wall clock, in ms, at the last anchor; for diagnostics. */
    public long skewMillis() {
        Anchor a = anchor;
        return a.databaseMillis - a.wallMillis;
    }

    private Anchor read() {
        Anchor best = null;
        long bestRoundTrip = Long.MAX_VALUE;
        for (int i = 0; i < SAMPLES; i++) {
            long before = nanoTime.getAsLong();
            long wall = HostClock.INSTANCE.millis();
            long db = databaseMillis.getAsLong();
            long after = nanoTime.getAsLong();
            long roundTrip = after - before;
            if (roundTrip < bestRoundTrip) {
                bestRoundTrip = roundTrip;
                // The database read its clock somewhere in [before, after]; halfway is off by at most half the trip.
                best = new Anchor(db, before + roundTrip / 2, wall);
            }
        }
        return best;
    }

    private void loop() {
        while (running) {
            synchronized (sleeper) {
                try {
                    sleeper.wait(Math.max(1, reanchorNanos / 1_000_000));
                } catch (InterruptedException e) {
                    return;
                }
            }
            if (!running) {
                return;
            }
            try {
                reanchor();
            } catch (RuntimeException e) {
                log.warn("cannot read the database's clock ({}); running on the last reading", e.getMessage());
            }
        }
    }

    /** Stops re-anchoring; the clock keeps answering from its last anchor. */
    @Override
    public void close() {
        running = false;
        if (thread != null) {
            synchronized (sleeper) {
                sleeper.notifyAll();
            }
            try {
                thread.join(5_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /**
     * @param databaseMillis the database's clock
     * @param nanos this process's monotonic clock at the moment the database read its clock (estimated)
     * @param wallMillis this host's wall clock then, for {@link #skewMillis()}
     */
    private record Anchor(long databaseMillis, long nanos, long wallMillis) {}
}
