package dev.tide.core;

import dev.tide.api.RetryBackoff;
import dev.tide.api.TaskDefaults;
import java.time.Duration;

/**
 * Engine settings. {@link #defaults()} gives sensible values; every {@code with...} returns a changed copy.
 *
 * @param taskDefaults the last level of task defaults, below task types and job types; every field is set
 * @param payloadCapBytes the largest payload, result or job info accepted, in UTF-8 bytes (HTTP 413 above it)
 * @param retention finished tasks are deleted this long after they finished (and finished jobs once they have no tasks
 *     left); {@code null} keeps them forever
 * @param maintenanceInterval how often the maintenance leader promotes due tasks, reclaims expired leases and prunes;
 *     {@code null} runs no maintenance thread (tests then call {@link Tide#runMaintenance()})
 * @param pollInterval how often a waiting claim looks again without being woken (the fallback for lost wake-ups)
 * @param nodeName this process's name among the nodes sharing a store; worker pools created through
 *     {@link Tide#workerPool()} are named after it, so keep it stable across restarts and distinct between processes.
 *     Null (the default) lets the engine choose: {@value #EMBEDDED_NODE_NAME} on SQLite, the host name on a store
 *     shared by several nodes
 */
public record TideConfig(
        TaskDefaults taskDefaults,
        long payloadCapBytes,
        Duration retention,
        Duration maintenanceInterval,
        Duration pollInterval,
        String nodeName) {

    public static final int MAX_BATCH = 10_000;

    /** The node name of an embedded engine, when none is configured. */
    public static final String EMBEDDED_NODE_NAME = "local";

    public static TideConfig defaults() {
        return new TideConfig(
                new TaskDefaults(0, 5, null, Duration.ofMinutes(5), RetryBackoff.DEFAULT),
                1024 * 1024,
                Duration.ofDays(7),
                Duration.ofSeconds(1),
                Duration.ofSeconds(1),
                null);
    }

    public TideConfig withTaskDefaults(TaskDefaults value) {
        return new TideConfig(
                value.or(taskDefaults), payloadCapBytes, retention, maintenanceInterval, pollInterval, nodeName);
    }

    public TideConfig withPayloadCap(long bytes) {
        return new TideConfig(taskDefaults, bytes, retention, maintenanceInterval, pollInterval, nodeName);
    }

    public TideConfig withRetention(Duration value) {
        return new TideConfig(taskDefaults, payloadCapBytes, value, maintenanceInterval, pollInterval, nodeName);
    }

    public TideConfig withMaintenanceInterval(Duration value) {
        return new TideConfig(taskDefaults, payloadCapBytes, retention, value, pollInterval, nodeName);
    }

    public TideConfig withPollInterval(Duration value) {
        return new TideConfig(taskDefaults, payloadCapBytes, retention, maintenanceInterval, value, nodeName);
    }

    public TideConfig withNodeName(String value) {
        return new TideConfig(taskDefaults, payloadCapBytes, retention, maintenanceInterval, pollInterval, value);
    }
}
