package dev.tide.core.store;

import java.time.Instant;

public record TaskClaimById(long taskId, String owner, String token, Instant now, Long leaseMillis) {}
