package dev.tide.core.auth;

import dev.tide.api.auth.Caller;
import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Valid tokens seen lately, so that most requests authenticate without a store read. A change made through this node
 * (disable, revoke, new roles or password) drops the account's entries at once; one made through another node is seen
 * within {@link #FRESHNESS}. Only valid tokens are kept, so a flood of made-up ones cannot fill it.
 *
 * <p>While the store does not answer, a token checked within {@link #OUTAGE_GRACE} still passes ({@link #stale}): an
 * operator keeps scraping metrics and reading probes through a database outage, and nothing can be revoked meanwhile
 * anyway.
 */
final class CallerCache {
    static final Duration FRESHNESS = Duration.ofSeconds(2);
    static final Duration OUTAGE_GRACE = Duration.ofMinutes(10);
    private static final int MAX_ENTRIES = 10_000;

    private final InstantSource clock;
    private final Map<String, Entry> entries = new ConcurrentHashMap<>();

    CallerCache(InstantSource clock) {
        this.clock = clock;
    }

    /** The caller, if the token was checked within {@link #FRESHNESS}. */
    Optional<Caller> get(String digest) {
        Entry entry = entries.get(digest);
        Instant now = clock.instant();
        return entry != null && now.isBefore(entry.checkedAt.plus(FRESHNESS)) && entry.valid(now)
                ? Optional.of(entry.caller)
                : Optional.empty();
    }

    /** The caller, if the token was checked within {@link #OUTAGE_GRACE}: for when the store cannot be asked. */
    Optional<Caller> stale(String digest) {
        Entry entry = entries.get(digest);
        Instant now = clock.instant();
        return entry != null && now.isBefore(entry.checkedAt.plus(OUTAGE_GRACE)) && entry.valid(now)
                ? Optional.of(entry.caller)
                : Optional.empty();
    }

    /** Remembers a token found valid now; it expires at {@code expiresAt} (null: never). */
    void put(String digest, Caller caller, Instant expiresAt) {
        if (entries.size() >= MAX_ENTRIES) {
            entries.clear();
        }
        entries.put(digest, new Entry(caller, clock.instant(), expiresAt));
    }

    void forget(String account) {
        entries.values().removeIf(entry -> entry.caller.user().equals(account));
    }

    private record Entry(Caller caller, Instant checkedAt, Instant expiresAt) {
        boolean valid(Instant now) {
            return expiresAt == null || now.isBefore(expiresAt);
        }
    }
}
