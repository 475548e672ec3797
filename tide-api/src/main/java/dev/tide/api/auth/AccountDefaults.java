package dev.tide.api.auth;

import org.jspecify.annotations.Nullable;

/**
 * The limits of every user without its own: pending tasks at once across all queues, and submissions per minute. Null
 * for no limit. Kept in the database, so every node applies the same.
 */
public record AccountDefaults(
        @Nullable Integer pendingLimit, @Nullable Integer submitsPerMinute) {
    public static final AccountDefaults NONE = new AccountDefaults(null, null);

    public AccountDefaults {
        NewAccount.requireLimit("pendingLimit", pendingLimit);
        NewAccount.requireLimit("submitsPerMinute", submitsPerMinute);
    }
}
