package dev.tide.api.auth;

import java.time.Instant;
import java.util.Set;

/**
 * A user of a Tide server as an administrator sees it. Its credentials are never shown: only whether it has a password.
 *
 * @param pendingLimit the most tasks it may have pending (ready or scheduled) at once; null: the server's default
 * @param submitsPerMinute the most tasks it may submit per minute; null: the server's default
 */
public record Account(
        String name,
        Set<Role> roles,
        boolean disabled,
        boolean hasPassword,
        Integer pendingLimit,
        Integer submitsPerMinute,
        Instant createdAt) {
    public Account {
        roles = Set.copyOf(roles);
    }

    public Caller caller() {
        return new Caller(name, roles);
    }
}
