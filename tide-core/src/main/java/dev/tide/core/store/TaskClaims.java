package dev.tide.core.store;

import dev.tide.api.LeasedTask;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * Leasing tasks to workers, and the leases a worker holds.
 */
public interface TaskClaims {

    /** Leases up to {@code limit} ready tasks of the queue in dispatch order, writing the lease before reading. */
    List<LeasedTask> taskClaim(TaskClaim claim);

    /** Leases one task if it is ready. */
    Optional<LeasedTask> taskClaimById(TaskClaimById claim);

    /** Extends the leases still held; the answer holds only those. */
    List<dev.tide.api.Lease> taskLeaseExtend(LeaseExtension extension);

    /** The tasks leased to {@code owner} for {@code account} (any account when null; see {@link TaskClaim#account()}). */
    List<LeasedTask> taskLeaseList(String owner, String account);

    /**
     * Re-leases every task leased to {@code owner} for {@code account} (any when null) under a new token, without
     * counting an attempt.
     */
    List<LeasedTask> taskLeaseResume(String owner, String account, String token, Instant now, Long leaseMillis);

    /**
     * The leases held by {@code owner} for {@code account} (any when null), as the engine settles them when the owner
     * restarts.
     */
    List<ExpiredLease> taskLeaseOfOwner(String owner, String account);
}
