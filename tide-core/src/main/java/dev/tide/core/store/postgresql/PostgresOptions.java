package dev.tide.core.store.postgresql;

import java.time.Duration;

/**
 * How a {@link PostgresStore} uses its database.
 *
 * @param poolSize pooled connections for reads and writes; the LISTEN and leader connections come on top
 * @param connectTimeout how long opening a connection, or waiting for a free pooled one, may take
 * @param readyDebounce wake-up notifications to other nodes go out at most once per queue per this interval, at its
 *     end, so a burst of enqueues costs one {@code NOTIFY}; zero sends each at once
 */
public record PostgresOptions(int poolSize, Duration connectTimeout, Duration readyDebounce) {

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
    }

    public static PostgresOptions defaults() {
        return new PostgresOptions(10, Duration.ofSeconds(10), Duration.ofMillis(10));
    }

    public PostgresOptions withPoolSize(int value) {
        return new PostgresOptions(value, connectTimeout, readyDebounce);
    }

    public PostgresOptions withConnectTimeout(Duration value) {
        return new PostgresOptions(poolSize, value, readyDebounce);
    }

    public PostgresOptions withReadyDebounce(Duration value) {
        return new PostgresOptions(poolSize, connectTimeout, value);
    }
}
