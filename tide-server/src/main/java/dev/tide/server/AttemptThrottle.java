package dev.tide.server;

import java.time.InstantSource;
import java.util.HashMap;
import java.util.Map;

/**
 * Attempts per minute for each key (a user name, a client address), as a token bucket: a key may spend its whole
 * minute's allowance at once, then one more attempt each {@code 60 / perMinute} seconds. Time comes from an injected
 * clock. Keys whose buckets are full again are forgotten when the map grows, so memory follows the keys active in the
 * last minute.
 */
final class AttemptThrottle {
    private static final int PRUNE_AT = 10_000;

    private final int perMinute;
    private final InstantSource clock;
    private final Map<String, Bucket> buckets = new HashMap<>();
    private int pruneAt = PRUNE_AT;

    /** @param perMinute attempts a key may make in a minute; 0 for no limit */
    AttemptThrottle(int perMinute, InstantSource clock) {
        if (perMinute < 0) {
            throw new IllegalArgumentException("attempts per minute must be zero (no limit) or positive");
        }
        this.perMinute = perMinute;
        this.clock = clock;
    }

    /** Counts an attempt for {@code key} and answers 0, or answers the whole seconds until it may try again. */
    synchronized int attempt(String key) {
        if (perMinute == 0) {
            return 0;
        }
        long now = clock.millis();
        double tokens = tokens(buckets.get(key), now);
        if (tokens < 1) {
            double millisToOne = (1 - tokens) * 60_000.0 / perMinute;
            return (int) Math.max(1, Math.ceil(millisToOne / 1000.0));
        }
        buckets.put(key, new Bucket(tokens - 1, now));
        if (buckets.size() >= pruneAt) {
            buckets.values().removeIf(bucket -> tokens(bucket, now) >= perMinute);
            pruneAt = Math.max(PRUNE_AT, 2 * buckets.size());
        }
        return 0;
    }

    private double tokens(Bucket bucket, long now) {
        if (bucket == null) {
            return perMinute;
        }
        double refilled = Math.max(0, now - bucket.at) * perMinute / 60_000.0;
        return Math.min(perMinute, bucket.tokens + refilled);
    }

    private record Bucket(double tokens, long at) {}
}
