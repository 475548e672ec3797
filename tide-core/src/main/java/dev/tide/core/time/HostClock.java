package dev.tide.core.time;

import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;

/**
 * This host's wall clock, as the engine reads it where no clock is injected. The hidden system property {@code
 * tide.test.clockOffset} (an ISO-8601 duration, e.g. {@code PT10M} or {@code -PT10M}) shifts it, so a test can run a
 * {@code tide server} process on a host whose clock is minutes off without touching the machine's clock. Unset (as in
 * production) it is {@link InstantSource#system()} unchanged.
 */
public final class HostClock implements InstantSource {
    /** The one host clock of this process. */
    public static final HostClock INSTANCE = new HostClock(offset(System.getProperty("tide.test.clockOffset")));

    private final long offsetMillis;

    private HostClock(Duration offset) {
        this.offsetMillis = offset.toMillis();
    }

    /** At the system clock's own precision (microseconds on Linux): instants order tasks enqueued within a millisecond. */
    @Override
    public Instant instant() {
        Instant now = Instant.now();
        return offsetMillis == 0 ? now : now.plusMillis(offsetMillis);
    }

    @Override
    public long millis() {
        return System.currentTimeMillis() + offsetMillis;
    }

    private static Duration offset(String text) {
        if (text == null || text.isBlank()) {
            return Duration.ZERO;
        }
        try {
            return Duration.parse(text.strip());
        } catch (java.time.format.DateTimeParseException e) {
            throw new IllegalArgumentException(
                    "tide.test.clockOffset must be an ISO-8601 duration such as PT10M, not " + text, e);
        }
    }
}
