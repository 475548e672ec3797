package dev.tide.config;

/** {@code tide.events.retention} and {@code tide.stats.retention}: how long records are kept ({@code forever} keeps). */
public record RetentionSettings(Lifetime retention) {}
