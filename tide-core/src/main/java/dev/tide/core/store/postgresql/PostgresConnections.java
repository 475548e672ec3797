package dev.tide.core.store.postgresql;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import dev.tide.core.store.jdbc.SqlCounter;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Properties;
import java.util.regex.Pattern;
import javax.sql.DataSource;

/**
 * Connections to one PostgreSQL database: a HikariCP pool for the store's transactions (autocommit off, READ
 * COMMITTED), and dedicated connections outside the pool for the sessions that must live long (LISTEN, the leader's
 * advisory lock).
 *
 * <p>Or the application's {@link DataSource}: Tide's transactions borrow its connections and leave them as found
 * ({@link PostgresDatabase}), and the two long sessions are taken from it too and held for the store's life, so the
 * application's pool must have room for them (two connections more than the application itself needs).
 */
final class PostgresConnections implements AutoCloseable {
    private static final Pattern CREDENTIAL_PARAMETER =
            Pattern.compile("(?i)([?&])(user|password|sslpassword|sslkey)=[^&]*&?");
    private static final Pattern USER_INFO = Pattern.compile("//[^/@]*@");

    private final String url;
    private final PostgresOptions options;
    private final HikariDataSource pool;
    /** The application's pool, or null when Tide owns its own ({@link #pool}). */
    private final DataSource borrowed;

    private final String location;
    /** Counts the statements of pooled connections, if one was installed when this opened; null almost always. */
    private final SqlCounter counter = SqlCounter.installed();

    PostgresConnections(String url, PostgresOptions options) {
        this.url = url;
        this.options = options;
        HikariConfig config = new HikariConfig();
        config.setPoolName("tide-postgresql");
        config.setJdbcUrl(url);
        config.setAutoCommit(false);
        config.setTransactionIsolation("TRANSACTION_READ_COMMITTED");
        config.setMaximumPoolSize(options.poolSize());
        config.setConnectionTimeout(options.connectTimeout().toMillis());
        config.setDataSourceProperties(driverProperties("pool"));
        this.pool = new HikariDataSource(config);
        this.borrowed = null;
        this.location = withoutCredentials(url);
    }

    /** Over the application's pool; asks it for one connection now, to say where it leads in messages. */
    PostgresConnections(DataSource dataSource, PostgresOptions options) throws SQLException {
        this.url = null;
        this.options = options;
        this.pool = null;
        this.borrowed = dataSource;
        try (Connection c = dataSource.getConnection()) {
            String at = c.getMetaData().getURL();
            this.location = (at == null ? "PostgreSQL" : withoutCredentials(at)) + " (application DataSource)";
        }
    }

    /**
     * Whether connections are the application's: Tide then sets autocommit and isolation for each of its turns and puts
     * back what it found, as the application's pool may hand out any settings.
     */
    boolean borrowed() {
        return borrowed != null;
    }
    /**
     * A pooled connection; closing it returns it to the pool. Every transaction and read of the store runs on one; the
     * dedicated sessions below (LISTEN, the leader's lock) are per node, not per operation, and are not counted.
     */
    Connection pooled() throws SQLException {
        Connection c = borrowed != null ? borrowed.getConnection() : pool.getConnection();
        return counter == null ? c : counter.wrap(c);
    }

    /**
     * A connection of its own, outside the pool, with autocommit on. A dead peer is noticed by TCP keepalive and by the
     * socket timeout: a statement that hears nothing for {@code socketTimeoutSeconds} fails.
     */
    Connection dedicated(String purpose, int socketTimeoutSeconds) throws SQLException {
        if (borrowed != null) {
            Connection c = borrowed.getConnection();
            try {
                c.setNetworkTimeout(Runnable::run, socketTimeoutSeconds * 1000);
                if (!c.getAutoCommit()) {
                    c.setAutoCommit(true); // LISTEN and a session lock act at once, not at a commit
                }
            } catch (SQLException e) {
                c.close();
                throw e;
            }
            return c;
        }
        Properties properties = driverProperties(purpose);
        properties.setProperty("socketTimeout", Integer.toString(socketTimeoutSeconds));
        Connection c = new org.postgresql.Driver().connect(url, properties);
        if (c == null) {
            throw new SQLException("not a PostgreSQL JDBC URL: " + withoutCredentials(url));
        }
        return c;
    }

    /** @param purpose shown as the session's application name in {@code pg_stat_activity} */
    private Properties driverProperties(String purpose) {
        Properties p = new Properties();
        p.setProperty("ApplicationName", "tide " + purpose);
        p.setProperty("tcpKeepAlive", "true");
        p.setProperty(
                "connectTimeout",
                Long.toString(Math.max(1, options.connectTimeout().toSeconds())));
        return p;
    }

    String location() {
        return location;
    }

    /** The URL without user name, password or key passphrase, fit for messages and logs. */
    static String withoutCredentials(String jdbcUrl) {
        String out = USER_INFO.matcher(jdbcUrl).replaceFirst("//");
        String previous;
        do {
            previous = out;
            out = CREDENTIAL_PARAMETER.matcher(out).replaceFirst("$1");
        } while (!out.equals(previous));
        return out.endsWith("?") || out.endsWith("&") ? out.substring(0, out.length() - 1) : out;
    }

    @Override
    public void close() {
        if (pool != null) {
            pool.close();
        }
    }
}
