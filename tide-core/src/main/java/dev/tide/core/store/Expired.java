package dev.tide.core.store;

/** How many waiting tasks reached their expiry in one pass, and what their ending moved (jobs, dependents). */
public record Expired(int count, SettleBatch effects) {}
