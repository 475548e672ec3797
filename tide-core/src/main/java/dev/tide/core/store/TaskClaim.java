package dev.tide.core.store;

import dev.tide.api.UserFilter;
import java.time.Instant;
import java.util.Set;

/**
 * @param types only these types; empty for any
 * @param leaseMillis lease length for every claimed task; null for each task's own
 * @param maxPayloadBytes only tasks whose payload is at most this many bytes; null for any
 * @param users whose tasks the claim may take
 */
public record TaskClaim(
        String queue,
        Set<String> types,
        int limit,
        String owner,
        String token,
        Instant now,
        Long leaseMillis,
        Long maxPayloadBytes,
        UserFilter users) {

    public TaskClaim {
        users = users == null ? UserFilter.ANY : users;
    }

    /** Whether the claim passes over some of a user's tasks (by type or size), not only over whole users. */
    public boolean filtersTasks() {
        return !types.isEmpty() || maxPayloadBytes != null;
    }
}
