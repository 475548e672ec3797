package dev.tide.spring;

import dev.tide.api.RetryBackoff;
import dev.tide.api.TaskDefaults;
import dev.tide.config.BlobStores;
import dev.tide.config.EngineSettings;
import dev.tide.config.Secrets;
import dev.tide.config.TideSettings;
import dev.tide.core.Tide;
import dev.tide.core.TideBuilder;
import dev.tide.core.TideConfig;
import dev.tide.core.store.postgresql.PostgresOptions;
import io.micrometer.core.instrument.MeterRegistry;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.InstantSource;
import java.util.List;
import java.util.Locale;
import javax.sql.DataSource;
import org.jspecify.annotations.Nullable;
import org.springframework.boot.convert.DurationStyle;

/** Opens the engine that {@code tide.*} describes, on the application's clock and meter registry when it has them. */
public final class TideEngineFactory {
    private TideEngineFactory() {}

    /**
     * @param shared what {@link SharedProperties} read: the keeping of events, statistics, blobs and nodes records,
     *     and the deadline warning margin
     * @param dataSource the application's own, if it has exactly one: Tide's store when {@code tide.store=postgresql}
     *     names no URL, so that enqueues join the application's transactions
     */
    public static Tide open(
            TideProperties properties,
            TideSettings shared,
            @Nullable InstantSource clock,
            @Nullable MeterRegistry meterRegistry,
            @Nullable DataSource dataSource) {
        TideBuilder builder = Tide.builder()
                .config(EngineSettings.withKeeping(config(properties), shared))
                .deadlineMargin(shared.deadlines().warningMargin())
                .blobStore(BlobStores.open(shared, System.getenv()))
                .migrate(properties.isMigrate())
                .listIndexes(properties.isListIndexes())
                .purpose("a Spring application's embedded Tide");
        if (clock != null) {
            builder.clock(clock);
        }
        if (meterRegistry != null) {
            builder.meterRegistry(meterRegistry);
        }
        switch (properties.getStore()) {
            case SQLITE -> builder.sqlite(Path.of(properties.getDataFolder()));
            case POSTGRESQL -> postgres(builder, properties.getPostgres(), dataSource);
        }
        return builder.build();
    }

    /**
     * With a URL, Tide's own pool on it; without one, the application's {@code DataSource}. The schema is the
     * property's unless the URL names one ({@code currentSchema=}); Tide creates it when missing.
     */
    private static void postgres(TideBuilder builder, TideProperties.Postgres pg, @Nullable DataSource dataSource) {
        PostgresOptions options = PostgresOptions.defaults().withConnectTimeout(pg.getConnectTimeout());
        if (pg.getUrl() == null || pg.getUrl().isBlank()) {
            if (dataSource == null) {
                throw new IllegalArgumentException("tide.store=postgresql needs tide.postgres.url (a jdbc:postgresql:"
                        + " URL) or the application's DataSource (exactly one DataSource bean)");
            }
            builder.postgres(dataSource, options.withSchema(pg.getSchema()));
            return;
        }
        String url = postgresUrl(pg);
        builder.postgres(
                url,
                url.contains("currentSchema=")
                        ? options.withPoolSize(pg.getPoolSize())
                        : options.withPoolSize(pg.getPoolSize()).withSchema(pg.getSchema()));
    }

    static TideConfig config(TideProperties properties) {
        TideConfig config = TideConfig.defaults()
                .withPayloadCap(properties.getPayloadCap().toBytes())
                .withRetention(retention(properties.getRetention()))
                .withMaintenanceInterval(properties.getMaintenanceInterval())
                .withPollInterval(properties.getPollInterval())
                .withTaskDefaults(taskDefaults(properties.getTaskDefaults(), null));
        if (properties.getNodeName() != null) {
            config = config.withNodeName(properties.getNodeName());
        }
        TideProperties.Digest digest = properties.getDigest();
        if (digest.getInterval() != null) {
            config = config.withDigest(digest.getInterval(), List.copyOf(digest.getRecipients()));
        }
        return config;
    }

    /** The defaults set in {@code settings}; unset backoff fields come from {@code backoffBase} (or Tide's default). */
    static TaskDefaults taskDefaults(TideProperties.TaskSettings settings, @Nullable RetryBackoff backoffBase) {
        return new TaskDefaults(
                settings.getPriority(),
                settings.getMaxAttempts(),
                settings.getDefaultDuration(),
                settings.getLeaseDuration(),
                backoff(settings.getBackoff(), backoffBase));
    }

    private static @Nullable RetryBackoff backoff(TideProperties.Backoff b, @Nullable RetryBackoff base) {
        if (!b.isSet()) {
            return null;
        }
        RetryBackoff from = base != null ? base : RetryBackoff.DEFAULT;
        return new RetryBackoff(
                b.getInitial() != null ? b.getInitial() : from.initial(),
                b.getMultiplier() != null ? b.getMultiplier() : from.multiplier(),
                b.getMax() != null ? b.getMax() : from.max(),
                b.getJitter() != null ? b.getJitter() : from.jitter());
    }

    /** {@code forever} keeps finished tasks (null for the engine); anything else is a Spring duration. */
    static @Nullable Duration retention(String text) {
        if ("forever".equals(text.trim().toLowerCase(Locale.ROOT))) {
            return null;
        }
        try {
            return DurationStyle.detectAndParse(text.trim());
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(
                    "tide.retention: \"" + text + "\" is neither a duration (7d, 12h, PT30M) nor forever", e);
        }
    }

    /** The URL with the password read from the environment variable or file the properties name, never inline. */
    static String postgresUrl(TideProperties.Postgres pg) {
        String url = pg.getUrl();
        if (url == null || url.isBlank()) {
            throw new IllegalArgumentException(
                    "tide.store=postgresql needs tide.postgres.url (a jdbc:postgresql: URL)");
        }
        char[] password = Secrets.read(
                "tide.postgres.password",
                pg.getPasswordEnv(),
                pg.getPasswordFile() == null ? null : Path.of(pg.getPasswordFile()),
                System.getenv());
        return password == null
                ? url
                : url + (url.contains("?") ? "&" : "?") + "password="
                        + URLEncoder.encode(new String(password), StandardCharsets.UTF_8);
    }
}
