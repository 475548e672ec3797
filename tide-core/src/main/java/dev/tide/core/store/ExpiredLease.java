package dev.tide.core.store;

/** A lease to be settled by the engine: reclaimed after expiry, or released when its owner restarts. */
public record ExpiredLease(long taskId, String token, String type, int attempts, int maxAttempts) {}
