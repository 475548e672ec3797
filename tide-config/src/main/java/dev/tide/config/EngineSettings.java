package dev.tide.config;

import dev.tide.core.TideConfig;
import dev.tide.core.store.postgresql.PostgresOptions;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.Map;

/** The engine's part of the settings, as the engine's own types: {@link TideConfig} and {@link PostgresOptions}. */
public final class EngineSettings {
    private EngineSettings() {}

    public static TideConfig tideConfig(TideSettings s) {
        return withKeeping(
                TideConfig.defaults()
                        .withTaskDefaults(s.taskDefaults())
                        .withPayloadCap(s.payloadCap().bytes())
                        .withRetention(s.retention().duration())
                        .withMaintenanceInterval(s.maintenanceInterval())
                        .withPollInterval(s.pollInterval())
                        .withNodeName(s.nodeName())
                        .withDigest(s.digest().interval().duration(), s.digest().recipients())
                        .withNotificationType(s.digest().notificationType()),
                s);
    }

    /**
     * {@code config} with what the settings say of keeping things: the event log's and the statistics' retention, when
     * payloads go to the blob store and how its orphans are swept, and the nodes registry's heartbeat and keeping.
     */
    public static TideConfig withKeeping(TideConfig config, TideSettings s) {
        TideConfig kept = config.withEventRetention(s.events().retention().duration())
                .withStatsRetention(s.stats().retention().duration());
        kept = kept.withBlobs(kept.blobs()
                .withThreshold(s.blobs().threshold().bytes())
                .withPayloadCap(s.blobs().payloadCap().bytes())
                .withOrphanGrace(s.blobs().orphanGrace())
                .withSweepInterval(s.blobs().sweepInterval()));
        return kept.withNodes(new dev.tide.core.settings.NodeSettings(
                s.nodes().heartbeat(), s.nodes().keep().duration()));
    }

    public static PostgresOptions postgresOptions(TideSettings s) {
        return PostgresOptions.defaults()
                .withPoolSize(s.postgres().poolSize())
                .withConnectTimeout(s.postgres().connectTimeout());
    }

    /**
     * The JDBC URL with the schema ({@code currentSchema}) and the password read from its reference, when given and
     * not already in the URL.
     */
    static String postgresUrl(TideSettings s, Map<String, String> environment) {
        PostgresSettings pg = s.postgres();
        StringBuilder url = new StringBuilder(pg.url());
        if (pg.schema() != null && !pg.url().contains("currentSchema=")) {
            parameter(url, "currentSchema", pg.schema());
        }
        char[] password = Secrets.read("tide.postgres.password", pg.passwordEnv(), pg.passwordFile(), environment);
        if (password != null) {
            parameter(url, "password", new String(password));
        }
        return url.toString();
    }

    private static void parameter(StringBuilder url, String name, String value) {
        url.append(url.indexOf("?") < 0 ? '?' : '&')
                .append(name)
                .append('=')
                .append(URLEncoder.encode(value, StandardCharsets.UTF_8));
    }
}
