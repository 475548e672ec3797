package dev.tide.core.store;

import dev.tide.api.LoadReadings;
import java.time.Instant;

/**
 * Claims one task by its id.
 *
 * @param account the authenticated account the claim is made for (see {@link TaskClaim#account()})
 * @param load the load signals a profile governing the task reads (its scaling and conditions)
 */
public record TaskClaimById(
        long taskId, String owner, String account, String token, Instant now, Long leaseMillis, LoadReadings load) {
    public TaskClaimById {
        load = load == null ? LoadReadings.NONE : load;
    }

    /** The same task as a claim of one, for the profiles to count. */
    public TaskClaim asClaim() {
        return new TaskClaim(
                null, java.util.Set.of(), 1, owner, account, token, now, leaseMillis, null, null, load, null, null);
    }
}
