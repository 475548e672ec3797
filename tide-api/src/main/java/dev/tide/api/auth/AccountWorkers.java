package dev.tide.api.auth;

import dev.tide.api.ClaimRequest;
import dev.tide.api.EnqueuedAndClaimed;
import dev.tide.api.LeasedTask;
import dev.tide.api.NewTask;
import dev.tide.api.TaskQueue;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * The worker calls of {@link TaskQueue} made on behalf of an account, for a server to pass its authenticated caller:
 * a worker name belongs to the account that claimed under it. Each lease records the account its claim was made for;
 * {@link #leases}, {@link #resumeLeases} and {@link #releaseLeases} of an account act only on the leases it claimed,
 * so another account's worker name answers as a name nobody used (nothing listed, resumed or released).
 *
 * <p>{@code account} null is unscoped: embedded code and administrators claim for nobody in particular and see every
 * lease of a name. {@link TaskQueue}'s own methods are these with null.
 */
public interface AccountWorkers {
    /** {@link TaskQueue#claim}, the leases recorded as {@code account}'s. */
    List<LeasedTask> claim(String account, ClaimRequest request);

    /** {@link TaskQueue#claimTask}, the lease recorded as {@code account}'s. */
    Optional<LeasedTask> claimTask(String account, long taskId, String worker, Duration leaseDuration);

    /** {@link TaskQueue#enqueueAndClaim}, the lease recorded as {@code account}'s. */
    EnqueuedAndClaimed enqueueAndClaim(String account, NewTask task, String worker, Duration leaseDuration);

    /** {@link TaskQueue#leases}: those {@code account} claimed (all when null). */
    List<LeasedTask> leases(String account, String worker);

    /** {@link TaskQueue#resumeLeases}: those {@code account} claimed (all when null). */
    List<LeasedTask> resumeLeases(String account, String worker, Duration leaseDuration);

    /** {@link TaskQueue#releaseLeases}: those {@code account} claimed (all when null). */
    int releaseLeases(String account, String worker);
}
