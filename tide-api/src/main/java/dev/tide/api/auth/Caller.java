package dev.tide.api.auth;

import java.util.Set;

/** An authenticated user as a request carries it: who, and with which roles. */
public record Caller(String user, Set<Role> roles) {
    public Caller {
        roles = Set.copyOf(roles);
    }

    /** Whether the caller may act in {@code role}: it holds it, or is an administrator. */
    public boolean may(Role role) {
        return roles.contains(role) || roles.contains(Role.ADMIN);
    }

    public boolean isAdmin() {
        return roles.contains(Role.ADMIN);
    }
}
