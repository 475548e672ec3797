package dev.tide.core.store;

import dev.tide.api.LoadReadings;
import java.time.Instant;

/**
 * The lease a task inserted to run at once in its caller is taken under ({@link TaskInserts#taskInsertLeased}): the caller
 * claims it by id, as a claim of one, once it has an id.
 *
 * @param account the authenticated account the claim is made for (see {@link TaskClaim#account()})
 * @param leaseMillis lease length; null for the task's own
 */
public record CallerLease(
        String owner, String account, String token, Instant now, Long leaseMillis, LoadReadings load) {

    /** The claim of the inserted task. */
    public TaskClaimById of(long taskId) {
        return new TaskClaimById(taskId, owner, account, token, now, leaseMillis, load);
    }
}
