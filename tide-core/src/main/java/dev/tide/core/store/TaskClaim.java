package dev.tide.core.store;

import java.time.Instant;
import java.util.Set;

/**
 * @param types only these types; empty for any
 * @param leaseMillis lease length for every claimed task; null for each task's own
 */
public record TaskClaim(
        String queue, Set<String> types, int limit, String owner, String token, Instant now, Long leaseMillis) {}
