package dev.tide.core.store.postgresql;

import java.time.Duration;

/**
 * How a {@link PostgresStore} uses its database.
 *
 * @param poolSize pooled connections for reads and writes; the LISTEN and leader connections come on top. Unused with a
 *     {@code DataSource}: the application's pool sizes itself
 * @param connectTimeout how long opening a connection, or waiting for a free pooled one, may take
 * @param readyDebounce wake-up notifications to other nodes go out at most once per queue per this interval, at its
 *     end, so a burst of enqueues costs one {@code NOTIFY}; zero sends each at once
 * @param schema the schema Tide's tables live in, named by every statement Tide sends. Null: with a JDBC URL, the first
 *     schema of the connection's search path (e.g. {@code ?currentSchema=tide}), as before; with a {@code DataSource},
 *     {@value #DATA_SOURCE_SCHEMA}, created by the first migration if missing
 */
public record PostgresOptions(int poolSize, Duration connectTimeout, Duration readyDebounce, String schema) {
    /** The schema of Tide's tables on an application's {@code DataSource} when none is chosen. */
    public static final String DATA_SOURCE_SCHEMA = "tide";

    public PostgresOptions {
        if (poolSize < 1) {
            throw new IllegalArgumentException("poolSize must be at least 1");
        }
        if (connectTimeout == null || connectTimeout.toMillis() < 250) {
            throw new IllegalArgumentException("connectTimeout must be at least 250 ms");
        }
        if (readyDebounce == null || readyDebounce.isNegative()) {
            throw new IllegalArgumentException("readyDebounce must be zero or positive");
        }
        if (schema != null && (schema.isBlank() || schema.length() > 63 || schema.indexOf('\0') >= 0)) {
            throw new IllegalArgumentException("schema must be 1 to 63 characters, not blank");
        }
    }

    public PostgresOptions(int poolSize, Duration connectTimeout, Duration readyDebounce) {
        this(poolSize, connectTimeout, readyDebounce, null);
    }

    public static PostgresOptions defaults() {
        return new PostgresOptions(10, Duration.ofSeconds(10), Duration.ofMillis(10), null);
    }

    public PostgresOptions withPoolSize(int value) {
        return new PostgresOptions(value, connectTimeout, readyDebounce, schema);
    }

    public PostgresOptions withConnectTimeout(Duration value) {
        return new PostgresOptions(poolSize, value, readyDebounce, schema);
    }

    public PostgresOptions withReadyDebounce(Duration value) {
        return new PostgresOptions(poolSize, connectTimeout, value, schema);
    }

    /** Tide's tables in {@code value}, named in every statement whatever the connection's search path. */
    public PostgresOptions withSchema(String value) {
        return new PostgresOptions(poolSize, connectTimeout, readyDebounce, value);
    }
}
