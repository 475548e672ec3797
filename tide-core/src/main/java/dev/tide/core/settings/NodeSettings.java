package dev.tide.core.settings;

import java.time.Duration;

/**
 * The nodes registry: how often a running node writes its record (its heartbeat), and how long the records of nodes no
 * longer heard from are kept. A node is shown gone once {@link #MISSED_BEATS} of its heartbeats are overdue.
 *
 * @param heartbeat how often a node writes its record while its background services run; never on a claim's or an
 *     acknowledgement's path
 * @param retention the maintenance leader deletes the records of nodes last seen longer ago than this (stopped or gone
 *     ones: a live node is seen every heartbeat); null keeps them forever
 */
public record NodeSettings(Duration heartbeat, Duration retention) {

    /** How many heartbeats a node may miss before it is shown gone (a crash, or a cut network). */
    public static final int MISSED_BEATS = 3;

    public NodeSettings {
        if (heartbeat == null || heartbeat.isNegative() || heartbeat.isZero()) {
            throw new IllegalArgumentException("the node heartbeat must be positive");
        }
        if (retention != null && retention.compareTo(heartbeat.multipliedBy(MISSED_BEATS)) <= 0) {
            throw new IllegalArgumentException(
                    "the node retention must be longer than " + MISSED_BEATS + " heartbeats, or null");
        }
    }

    /** A heartbeat every 15 seconds; records kept a day after their node was last seen. */
    public static NodeSettings defaults() {
        return new NodeSettings(Duration.ofSeconds(15), Duration.ofDays(1));
    }

    public NodeSettings withHeartbeat(Duration value) {
        return new NodeSettings(value, retention);
    }

    public NodeSettings withRetention(Duration value) {
        return new NodeSettings(heartbeat, value);
    }
}
