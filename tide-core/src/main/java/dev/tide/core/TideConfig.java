package dev.tide.core;

import dev.tide.api.RetryBackoff;
import dev.tide.api.TaskDefaults;
import dev.tide.core.settings.BlobSettings;
import dev.tide.core.settings.NodeSettings;
import dev.tide.core.settings.StatsSettings;
import java.time.Duration;
import java.util.List;

/**
 * Engine settings. {@link #defaults()} gives sensible values; every {@code with...} returns a changed copy.
 *
 * @param taskDefaults the last level of task defaults, below task types and job types; every field is set
 * @param payloadCapBytes the largest payload, result or job info accepted, in UTF-8 bytes (HTTP 413 above it)
 * @param retention finished tasks are deleted this long after they finished (and finished jobs once they have no tasks
 *     left); {@code null} keeps them forever
 * @param maintenanceInterval how often the maintenance leader promotes due tasks, reclaims expired leases and prunes;
 *     {@code null} runs no maintenance thread (tests then call {@link BackgroundPasses#runMaintenance()})
 * @param pollInterval how often a waiting claim looks again without being woken (the fallback for lost wake-ups)
 * @param nodeName this process's name among the nodes sharing a store; worker pools created through
 *     {@link Tide#workerPool()} are named after it, so keep it stable across restarts and distinct between processes.
 *     Null (the default) lets the engine choose: {@value #EMBEDDED_NODE_NAME} on SQLite (one process at a time), the
 *     host name and process id on a store shared by several nodes (distinct, but new at every start, so a restarted
 *     process's leases come back when they run out rather than at once)
 * @param stats retention of the event log and the hourly statistics, and the administrators' digest
 * @param blobs when payloads go to the blob store, and their cap there (see {@link BlobSettings})
 * @param nodes how often a node writes its record in the nodes registry, and how long records are kept (see {@link
 *     NodeSettings})
 */
public record TideConfig(
        TaskDefaults taskDefaults,
        long payloadCapBytes,
        Duration retention,
        Duration maintenanceInterval,
        Duration pollInterval,
        String nodeName,
        StatsSettings stats,
        BlobSettings blobs,
        NodeSettings nodes) {

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
                null,
                StatsSettings.defaults(),
                BlobSettings.defaults(),
                NodeSettings.defaults());
    }

    public TideConfig withTaskDefaults(TaskDefaults value) {
        return new TideConfig(
                value.or(taskDefaults),
                payloadCapBytes,
                retention,
                maintenanceInterval,
                pollInterval,
                nodeName,
                stats,
                blobs,
                nodes);
    }

    public TideConfig withPayloadCap(long bytes) {
        return new TideConfig(
                taskDefaults, bytes, retention, maintenanceInterval, pollInterval, nodeName, stats, blobs, nodes);
    }

    public TideConfig withRetention(Duration value) {
        return new TideConfig(
                taskDefaults, payloadCapBytes, value, maintenanceInterval, pollInterval, nodeName, stats, blobs, nodes);
    }

    public TideConfig withMaintenanceInterval(Duration value) {
        return new TideConfig(
                taskDefaults, payloadCapBytes, retention, value, pollInterval, nodeName, stats, blobs, nodes);
    }

    public TideConfig withPollInterval(Duration value) {
        return new TideConfig(
                taskDefaults, payloadCapBytes, retention, maintenanceInterval, value, nodeName, stats, blobs, nodes);
    }

    public TideConfig withNodeName(String value) {
        return new TideConfig(
                taskDefaults,
                payloadCapBytes,
                retention,
                maintenanceInterval,
                pollInterval,
                value,
                stats,
                blobs,
                nodes);
    }

    public TideConfig withStats(StatsSettings value) {
        return new TideConfig(
                taskDefaults,
                payloadCapBytes,
                retention,
                maintenanceInterval,
                pollInterval,
                nodeName,
                value,
                blobs,
                nodes);
    }

    public TideConfig withBlobs(BlobSettings value) {
        return new TideConfig(
                taskDefaults,
                payloadCapBytes,
                retention,
                maintenanceInterval,
                pollInterval,
                nodeName,
                stats,
                value,
                nodes);
    }

    public TideConfig withNodes(NodeSettings value) {
        return new TideConfig(
                taskDefaults,
                payloadCapBytes,
                retention,
                maintenanceInterval,
                pollInterval,
                nodeName,
                stats,
                blobs,
                value);
    }

    /** How often this node writes its record in the nodes registry (see {@link NodeSettings#heartbeat()}). */
    public TideConfig withNodeHeartbeat(Duration value) {
        return withNodes(nodes.withHeartbeat(value));
    }

    /** Payloads larger than this many bytes go to the blob store (see {@link BlobSettings#thresholdBytes()}). */
    public TideConfig withBlobThreshold(long bytes) {
        return withBlobs(blobs.withThreshold(bytes));
    }

    /** The largest task payload accepted with a blob store (see {@link BlobSettings#payloadCapBytes()}). */
    public TideConfig withBlobPayloadCap(long bytes) {
        return withBlobs(blobs.withPayloadCap(bytes));
    }

    /** Events, and folder intake's records of files, are deleted this long after they happened; null keeps them. */
    public TideConfig withEventRetention(Duration value) {
        return withStats(new StatsSettings(
                value,
                stats.statsRetention(),
                stats.digestInterval(),
                stats.digestRecipients(),
                stats.notificationType()));
    }

    /** Hourly statistics are deleted this long after their hour; null keeps them. */
    public TideConfig withStatsRetention(Duration value) {
        return withStats(new StatsSettings(
                stats.eventRetention(),
                value,
                stats.digestInterval(),
                stats.digestRecipients(),
                stats.notificationType()));
    }

    /** A digest every {@code interval} (null: none) to these administrators, as a task of the notification type. */
    public TideConfig withDigest(Duration interval, List<String> recipients) {
        return withStats(new StatsSettings(
                stats.eventRetention(), stats.statsRetention(), interval, recipients, stats.notificationType()));
    }

    /** The task type of the digest (default {@value StatsSettings#DEFAULT_NOTIFICATION_TYPE}). */
    public TideConfig withNotificationType(String value) {
        return withStats(new StatsSettings(
                stats.eventRetention(),
                stats.statsRetention(),
                stats.digestInterval(),
                stats.digestRecipients(),
                value));
    }
}
