package dev.tide.core.engine;

import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;
import java.util.Optional;
import java.util.function.LongSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A daemon thread that runs one pass after another, sleeping between them as long as the last pass asked, or until
 * nudged. A pass that throws is logged and the next one comes after the fallback sleep; closing stops the thread and
 * waits (a few seconds at most) for the pass in progress.
 */
public final class PassThread implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(PassThread.class);

    private final String name;
    private final LongSupplier pass;
    private final long fallbackMillis;
    private final Object wake = new Object();
    private volatile boolean running;
    private Thread thread;

    /**
     * @param pass runs one pass and answers how many milliseconds to sleep before the next (at least 1)
     * @param fallbackMillis the sleep after a pass that failed
     */
    public PassThread(String name, LongSupplier pass, long fallbackMillis) {
        this.name = name;
        this.pass = pass;
        this.fallbackMillis = fallbackMillis;
    }

    public void start() {
        running = true;
        thread = Thread.ofPlatform().name(name).daemon(true).start(this::loop);
    }

    /** Wakes the thread for an early pass. */
    public void nudge() {
        synchronized (wake) {
            wake.notifyAll();
        }
    }

    private void loop() {
        while (running) {
            long sleepMillis = fallbackMillis;
            try {
                sleepMillis = Math.max(1, pass.getAsLong());
            } catch (RuntimeException e) {
                log.warn("{} pass failed: {}", name, e.toString());
            }
            synchronized (wake) {
                if (!running) {
                    break;
                }
                try {
                    wake.wait(sleepMillis);
                } catch (InterruptedException e) {
                    break;
                }
            }
        }
    }

    /** How long a pass's thread sleeps: until {@code next} (when something is due then), at most {@code cap}. */
    static long millisUntil(InstantSource clock, Optional<Instant> next, Duration cap) {
        long millis = cap.toMillis();
        if (next.isPresent()) {
            millis = Math.min(
                    millis, Duration.between(clock.instant(), next.get()).toMillis());
        }
        return millis;
    }

    @Override
    public void close() {
        running = false;
        nudge();
        if (thread != null) {
            try {
                thread.join(5_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
