package dev.tide.core.store;

import java.time.Duration;
import java.time.Instant;

/**
 * A node's record in the nodes registry, as the node writes it.
 *
 * @param name the node's name ({@code TideConfig.nodeName})
 * @param version the Tide release it runs
 * @param host its machine's host name
 * @param startedAt when its background services started
 * @param lastSeenAt when it last wrote its record
 * @param heartbeat how often it writes its record while it runs
 * @param stoppedAt when it closed; null while it runs (and after a crash)
 */
public record NodeRow(
        String name,
        String version,
        String host,
        Instant startedAt,
        Instant lastSeenAt,
        Duration heartbeat,
        Instant stoppedAt) {}
