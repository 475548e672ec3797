package dev.tide.api;

import java.util.Set;

/**
 * Per-user settings of a fair queue, given to several users at once (seed 004's assignUsersDefaultAllocations and
 * assignUsersDefaultConcurrencies).
 *
 * @param users the users (task owners) to set
 * @param allocation tasks per round; 0 leaves the users out of the turns (only claims requiring them by name serve
 *     them); null for the queue's default
 * @param concurrency the most of each user's tasks leased at once; 0 dispatches none; null for the queue's default
 */
public record UserShares(Set<String> users, Integer allocation, Integer concurrency) {
    /** The largest allocation or concurrency: beyond it a user is as good as unlimited. */
    public static final int MAX_SHARE = 1_000_000;

    public UserShares {
        if (users == null || users.isEmpty()) {
            throw new InvalidRequestException("users", "name at least one user");
        }
        users = Set.copyOf(users);
        requireShare("allocation", allocation);
        requireShare("concurrency", concurrency);
    }

    static void requireShare(String field, Integer value) {
        if (value != null && (value < 0 || value > MAX_SHARE)) {
            throw new InvalidRequestException(field, "must be between 0 and " + MAX_SHARE);
        }
    }
}
