package dev.tide.api;

import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * Per-user settings of a queue, given to several users at once (seed 004's assignUsersDefaultAllocations and
 * assignUsersDefaultConcurrencies, and its per-depositor limit on pending submissions).
 *
 * <p>{@link Queues#assignUsers} replaces all three (a null field gives the user the queue's default back);
 * {@link Queues#adjustUsers} changes only the fields given (a null field keeps what the user had).
 *
 * @param users the users (task owners) to set
 * @param allocation tasks per round of a fair queue; 0 leaves the users out of the turns (only claims requiring them by
 *     name serve them)
 * @param concurrency the most of each user's tasks of a fair queue leased at once; 0 dispatches none
 * @param maxPending the most pending tasks each of these users may have in the queue, in place of the queue's
 *     {@link QueueDefinition#maxPendingPerUser()}: more or fewer than others. It applies while the queue has a
 *     per-user bound
 */
public record UserShares(
        Set<String> users,
        @Nullable Integer allocation,
        @Nullable Integer concurrency,
        @Nullable Integer maxPending) {
    /** The largest allocation or concurrency: beyond it a user is as good as unlimited. */
    public static final int MAX_SHARE = 1_000_000;

    public UserShares {
        if (users == null || users.isEmpty()) {
            throw new InvalidRequestException("users", "name at least one user");
        }
        users = Set.copyOf(users);
        requireShare("allocation", allocation);
        requireShare("concurrency", concurrency);
        if (maxPending != null && maxPending < 1) {
            throw new InvalidRequestException("maxPending", "must be at least 1 (leave it out for the queue's bound)");
        }
    }

    /** Allocation and concurrency only; the users' pending bound is the queue's. */
    public UserShares(Set<String> users, @Nullable Integer allocation, @Nullable Integer concurrency) {
        this(users, allocation, concurrency, null);
    }

    /** Whether no field is given: an adjustment that would change nothing. */
    public boolean empty() {
        return allocation == null && concurrency == null && maxPending == null;
    }

    static void requireShare(String field, @Nullable Integer value) {
        if (value != null && (value < 0 || value > MAX_SHARE)) {
            throw new InvalidRequestException(field, "must be between 0 and " + MAX_SHARE);
        }
    }
}
