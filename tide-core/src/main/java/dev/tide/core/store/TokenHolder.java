package dev.tide.core.store;

import dev.tide.api.auth.Role;
import java.time.Instant;
import java.util.Set;

/** Whose a token is, as a lookup finds it; whether it is valid now is the caller's judgement. */
public record TokenHolder(String account, Set<Role> roles, boolean disabled, Instant expiresAt) {}
