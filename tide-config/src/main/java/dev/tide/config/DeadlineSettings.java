package dev.tide.config;

import java.time.Duration;

/** {@code tide.deadlines.warning-margin}: how long before a deadline its warning is raised (0s: violations only). */
public record DeadlineSettings(Duration warningMargin) {}
