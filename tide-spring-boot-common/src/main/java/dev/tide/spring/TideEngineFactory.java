package dev.tide.spring;

import dev.tide.config.BlobStores;
import dev.tide.config.EngineSettings;
import dev.tide.config.LoadedSettings;
import dev.tide.config.TideSettings;
import dev.tide.core.Tide;
import dev.tide.core.TideBuilder;
import dev.tide.core.store.postgresql.PostgresOptions;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.InstantSource;
import java.util.Map;
import javax.sql.DataSource;
import org.jspecify.annotations.Nullable;

/**
 * Opens the engine that {@code tide.*} describes, as {@code tide server} opens it from the same settings, on the
 * application's clock and meter registry when it has them, and on its {@code DataSource} when the settings name no
 * PostgreSQL URL.
 */
public final class TideEngineFactory {
    private TideEngineFactory() {}

    /**
     * @param variables the environment variables, where secrets the settings name ({@code password-env}) are read
     * @param dataSource the application's own, if it has exactly one: Tide's store when {@code tide.store=postgresql}
     *     names no URL, so that enqueues join the application's transactions
     */
    public static Tide open(
            LoadedSettings loaded,
            Map<String, String> variables,
            @Nullable InstantSource clock,
            @Nullable MeterRegistry meterRegistry,
            @Nullable DataSource dataSource) {
        TideSettings settings = loaded.settings();
        TideBuilder builder = Tide.builder()
                .config(loaded.tideConfig())
                .deadlineMargin(settings.deadlines().warningMargin())
                .blobStore(BlobStores.open(settings, variables))
                .migrate(settings.migrate())
                .listIndexes(settings.listIndexes())
                .purpose("a Spring application's embedded Tide");
        if (clock != null) {
            builder.clock(clock);
        }
        if (meterRegistry != null) {
            builder.meterRegistry(meterRegistry);
        }
        switch (settings.store()) {
            case SQLITE -> builder.sqlite(settings.dataFolder());
            case POSTGRESQL -> postgres(builder, loaded, variables, dataSource);
        }
        return builder.build();
    }

    /**
     * With a URL, Tide's own pool on it, as {@code tide server} opens it; without one, the application's {@code
     * DataSource}, Tide's tables in {@code tide.postgres.schema} ({@value PostgresOptions#DATA_SOURCE_SCHEMA} unless
     * set), created when missing.
     */
    private static void postgres(
            TideBuilder builder,
            LoadedSettings loaded,
            Map<String, String> variables,
            @Nullable DataSource dataSource) {
        TideSettings settings = loaded.settings();
        PostgresOptions options = EngineSettings.postgresOptions(settings);
        if (settings.postgres().url() != null) {
            builder.postgres(loaded.postgresUrl(variables), options);
        } else if (dataSource != null) {
            String schema = settings.postgres().schema();
            builder.postgres(dataSource, schema == null ? options : options.withSchema(schema));
        } else {
            throw loaded.problem(
                    "tide.postgres.url",
                    "is required with tide.store: postgresql, unless the application has one DataSource for Tide to"
                            + " store in");
        }
    }
}
