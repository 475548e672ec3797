package dev.tide.core.store;

import dev.tide.api.LoadReadings;
import dev.tide.api.UserFilter;
import java.time.Instant;
import java.util.Set;

/**
 * @param types only these types; empty for any
 * @param account the authenticated account the claim is made for, recorded with its leases; null for unscoped
 *     (embedded code, administrators)
 * @param leaseMillis lease length for every claimed task; null for each task's own
 * @param maxPayloadBytes only tasks whose payload is at most this many bytes; null for any
 * @param users whose tasks the claim may take
 * @param load the load signals' readings, for profiles that scale by load or choose entries by it
 * @param session the session the claim counts against for its profiles' {@code maxPerSession}
 * @param narrowing what profiles take out of this step of the claim; null for nothing
 */
public record TaskClaim(
        String queue,
        Set<String> types,
        int limit,
        String owner,
        String account,
        String token,
        Instant now,
        Long leaseMillis,
        Long maxPayloadBytes,
        UserFilter users,
        LoadReadings load,
        ProfileSession session,
        ClaimNarrowing narrowing) {

    public TaskClaim {
        users = users == null ? UserFilter.ANY : users;
        load = load == null ? LoadReadings.NONE : load;
        session = session == null ? new ProfileSession() : session;
    }

    public TaskClaim(
            String queue,
            Set<String> types,
            int limit,
            String owner,
            String token,
            Instant now,
            Long leaseMillis,
            Long maxPayloadBytes,
            UserFilter users) {
        this(queue, types, limit, owner, null, token, now, leaseMillis, maxPayloadBytes, users, null, null, null);
    }

    /** The same claim for at most {@code newLimit} tasks, narrowed as given. */
    public TaskClaim narrowed(int newLimit, Set<String> onlyTypes, ClaimNarrowing newNarrowing) {
        return new TaskClaim(
                queue,
                onlyTypes,
                newLimit,
                owner,
                account,
                token,
                now,
                leaseMillis,
                maxPayloadBytes,
                users,
                load,
                session,
                newNarrowing);
    }

    /** Whether the claim passes over some of a user's tasks (by type or size), not only over whole users. */
    public boolean filtersTasks() {
        return !types.isEmpty() || maxPayloadBytes != null || (narrowing != null && narrowing.narrows());
    }
}
