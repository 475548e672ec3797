package dev.tide.config;

import java.time.Duration;

/** {@code tide.nodes.*}: how often a node writes its heartbeat, and how long gone nodes' records are kept. */
public record NodeSettings(Duration heartbeat, Lifetime keep) {}
