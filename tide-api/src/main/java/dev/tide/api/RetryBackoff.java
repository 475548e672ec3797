package dev.tide.api;

import java.time.Duration;

/**
 * Exponential backoff between attempts: attempt {@code n} (1-based, the attempt that just failed) waits
 * {@code min(max, initial * multiplier^(n-1))}, spread by {@code jitter} (0.2 means plus or minus 20%) so that tasks
 * failing together do not retry together.
 */
public record RetryBackoff(Duration initial, double multiplier, Duration max, double jitter) {

    public static final RetryBackoff DEFAULT = new RetryBackoff(Duration.ofSeconds(5), 2.0, Duration.ofHours(1), 0.2);

    public RetryBackoff {
        if (initial == null || initial.isNegative()) {
            throw new InvalidRequestException("backoff.initial", "must be zero or positive");
        }
        if (max == null || max.compareTo(initial) < 0) {
            throw new InvalidRequestException("backoff.max", "must be at least backoff.initial");
        }
        if (!(multiplier >= 1.0) || Double.isInfinite(multiplier)) {
            throw new InvalidRequestException("backoff.multiplier", "must be a finite number >= 1");
        }
        if (!(jitter >= 0.0 && jitter < 1.0)) {
            throw new InvalidRequestException("backoff.jitter", "must be in [0, 1)");
        }
    }

    public static RetryBackoff fixed(Duration delay) {
        return new RetryBackoff(delay, 1.0, delay, 0.0);
    }

    /**
     * The wait after failed attempt {@code attempt}.
     *
     * @param uniform a random number in [0, 1) choosing the point within the jitter band
     */
    public Duration delayAfter(int attempt, double uniform) {
        double maxMillis = millis(max);
        double base = millis(initial) * Math.pow(multiplier, Math.max(0, attempt - 1));
        double capped = Math.min(base, maxMillis);
        double spread = capped * jitter * (2 * uniform - 1);
        long millis = Math.round(Math.min(maxMillis, Math.max(0, capped + spread)));
        return Duration.ofMillis(millis);
    }

    /** In milliseconds, without overflowing for a duration past Long.MAX_VALUE of them (one stored unchecked). */
    private static double millis(Duration duration) {
        return duration.getSeconds() * 1000.0 + duration.getNano() / 1_000_000.0;
    }
}
