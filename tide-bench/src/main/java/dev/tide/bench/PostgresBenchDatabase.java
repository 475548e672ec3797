package dev.tide.bench;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import javax.sql.DataSource;

/** A schema of its own in the benchmark's PostgreSQL database, dropped on close. */
final class PostgresBenchDatabase implements BenchDatabase {
    private final String baseUrl;
    private final String schema;
    private final List<HikariDataSource> pools = new ArrayList<>();

    PostgresBenchDatabase(String baseUrl, String label) {
        this.baseUrl = baseUrl;
        this.schema = "bench_" + label.replaceAll("[^a-z0-9]", "_") + "_"
                + Integer.toHexString(ThreadLocalRandom.current().nextInt(1 << 24));
        execute("CREATE SCHEMA " + schema);
    }

    /** Whether the server at {@code baseUrl} answers; the message of its failure otherwise. */
    static String unreachable(String baseUrl) {
        try (Connection c = DriverManager.getConnection(baseUrl)) {
            return c.isValid(5) ? null : "connection not valid";
        } catch (SQLException e) {
            return e.getMessage();
        }
    }

    @Override
    public StoreKind kind() {
        return StoreKind.POSTGRESQL;
    }

    @Override
    public String location() {
        return baseUrl + (baseUrl.contains("?") ? "&" : "?") + "currentSchema=" + schema;
    }

    @Override
    public DataSource dataSource(int poolSize) {
        HikariConfig config = new HikariConfig();
        config.setJdbcUrl(location());
        config.setMaximumPoolSize(poolSize);
        config.setPoolName("bench-pg");
        HikariDataSource dataSource = new HikariDataSource(config);
        pools.add(dataSource);
        return dataSource;
    }

    /**
     * Gathers the planner's statistics of Tide's task and user tables, as autovacuum's auto-analyze does on a server
     * with default settings once a table has changed by a tenth. (The development machine's server runs with
     * autovacuum off; without statistics, plans cached while the table was tiny stay in use as it grows.)
     */
    @Override
    public void analyze() {
        execute("ANALYZE " + schema + ".tide_tasks, " + schema + ".tide_users");
    }

    @Override
    public void close() {
        pools.forEach(HikariDataSource::close);
        execute("DROP SCHEMA IF EXISTS " + schema + " CASCADE");
    }

    private void execute(String sql) {
        try (Connection c = DriverManager.getConnection(baseUrl);
                Statement st = c.createStatement()) {
            st.execute(sql);
        } catch (SQLException e) {
            throw new IllegalStateException(sql + ": " + e.getMessage(), e);
        }
    }
}
