package dev.tide.core.engine;

import dev.tide.core.store.ProfileSession;
import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The named sessions (processing cycles) of this node, each counting what its claims took against the profiles'
 * {@code maxPerSession}. A session is forgotten an hour after it began: a cycle is meant to be short, and its budget
 * to be spent within it.
 */
public final class ProfileSessions {
    static final Duration KEPT_FOR = Duration.ofHours(1);

    private record Entry(ProfileSession session, Instant began) {}

    private final InstantSource clock;
    private final Map<String, Entry> named = new ConcurrentHashMap<>();

    public ProfileSessions(InstantSource clock) {
        this.clock = clock;
    }

    /** What the named session has taken so far by profile key; empty for a session this node does not know. */
    public Map<String, Long> used(String name) {
        Entry entry = named.get(name);
        return entry == null ? Map.of() : entry.session().usedByProfile();
    }

    /** The session of that name, begun now if it is new; a session of its own for a claim that names none. */
    public ProfileSession named(String name) {
        if (name == null) {
            return new ProfileSession();
        }
        Instant now = clock.instant();
        named.values().removeIf(e -> e.began().plus(KEPT_FOR).isBefore(now));
        return named.computeIfAbsent(name, n -> new Entry(new ProfileSession(), now))
                .session();
    }
}
