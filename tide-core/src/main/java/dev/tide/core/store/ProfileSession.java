package dev.tide.core.store;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The units one session (a processing cycle, or a single claim) has taken per profile, against the profiles'
 * {@code maxPerSession}.
 */
public final class ProfileSession {
    private final Map<String, Long> used = new ConcurrentHashMap<>();

    public long used(String profileKey) {
        return used.getOrDefault(profileKey, 0L);
    }

    /** The units taken so far, by profile key. */
    public Map<String, Long> usedByProfile() {
        return Map.copyOf(used);
    }

    public void add(String profileKey, long units) {
        used.merge(profileKey, units, Long::sum);
    }
}
