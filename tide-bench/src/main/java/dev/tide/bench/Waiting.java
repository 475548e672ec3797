package dev.tide.bench;

import java.time.Duration;
import java.util.function.BooleanSupplier;

/** Polls a condition the benchmark cannot be told about, such as a row count reaching zero. */
final class Waiting {
    /** No phase of the benchmark should take longer than this; past it, the run is reported as stuck. */
    static final Duration LIMIT = Duration.ofMinutes(20);

    private static final long POLL_NANOS = Duration.ofMillis(2).toNanos();

    private Waiting() {}

    static void until(BooleanSupplier condition, String what) throws InterruptedException {
        long deadline = System.nanoTime() + LIMIT.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("gave up after " + LIMIT + " waiting for " + what);
            }
            Thread.sleep(Duration.ofNanos(POLL_NANOS));
        }
    }
}
