package dev.tide.config;

import java.nio.file.Path;
import java.time.Duration;
import org.jspecify.annotations.Nullable;

/**
 * {@code tide.postgres.*}: the database of {@code tide.store: postgresql}.
 *
 * @param url the JDBC URL, e.g. {@code jdbc:postgresql://db:5432/tide?user=tide}
 * @param schema the schema Tide's tables live in ({@code currentSchema} of the URL); null keeps the URL's search path
 * @param poolSize pooled connections for reads and writes
 * @param connectTimeout how long opening a connection, or waiting for a pooled one, may take
 * @param passwordEnv the environment variable holding the password (never the password itself)
 * @param passwordFile a file holding the password
 */
public record PostgresSettings(
        @Nullable String url,
        @Nullable String schema,
        int poolSize,
        Duration connectTimeout,
        @Nullable String passwordEnv,
        @Nullable Path passwordFile) {}
