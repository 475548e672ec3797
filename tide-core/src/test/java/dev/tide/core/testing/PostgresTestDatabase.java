package dev.tide.core.testing;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Locale;
import java.util.concurrent.ThreadLocalRandom;
import org.junit.jupiter.api.Assumptions;

/**
 * The PostgreSQL the tests use: {@code TIDE_TEST_PG_URL} (default {@code jdbc:postgresql://127.0.0.1:5432/test?user=
 * postgres}), one fresh schema per test class, dropped afterwards.
 *
 * <p>When PostgreSQL cannot be reached the PostgreSQL tests are skipped with a visible notice, unless
 * {@code TIDE_REQUIRE_POSTGRES=true} (set by {@code .ci/run} under CI), which makes them fail instead.
 */
public final class PostgresTestDatabase implements AutoCloseable {
    public static final String DEFAULT_URL = "jdbc:postgresql://127.0.0.1:5432/test?user=postgres";

    private final String baseUrl;
    private final String schema;

    private PostgresTestDatabase(String baseUrl, String schema) {
        this.baseUrl = baseUrl;
        this.schema = schema;
    }

    public static String baseUrl() {
        String url = System.getenv("TIDE_TEST_PG_URL");
        return url == null || url.isBlank() ? DEFAULT_URL : url;
    }

    /** Creates a fresh schema named after {@code owner}; skips (or fails under CI) when PostgreSQL is unreachable. */
    public static PostgresTestDatabase create(String owner) {
        String base = baseUrl();
        String schema = ("t_" + owner + "_"
                        + Long.toHexString(ThreadLocalRandom.current().nextLong()))
                .toLowerCase(Locale.ROOT)
                .replaceAll("[^a-z0-9_]", "_");
        if (schema.length() > 60) {
            schema = schema.substring(schema.length() - 60);
        }
        try (Connection c = DriverManager.getConnection(base);
                Statement st = c.createStatement()) {
            st.execute("CREATE SCHEMA " + schema);
        } catch (SQLException e) {
            String notice = "PostgreSQL at " + base + " is unreachable (" + e.getMessage() + ")";
            if ("true".equalsIgnoreCase(System.getenv("TIDE_REQUIRE_POSTGRES"))) {
                throw new IllegalStateException(notice + " and TIDE_REQUIRE_POSTGRES=true", e);
            }
            System.err.println("NOTICE: skipping PostgreSQL tests: " + notice);
            Assumptions.abort("skipping PostgreSQL tests: " + notice);
        }
        return new PostgresTestDatabase(base, schema);
    }

    /** A JDBC URL whose connections use this schema. */
    public String url() {
        return baseUrl + (baseUrl.contains("?") ? "&" : "?") + "currentSchema=" + schema;
    }

    public String schema() {
        return schema;
    }

    /** Empties every table of the schema (between tests of one class). */
    public void truncateAll() {
        try (Connection c = DriverManager.getConnection(url());
                Statement st = c.createStatement()) {
            st.execute(
                    "DO $$ DECLARE r record; BEGIN FOR r IN SELECT tablename FROM pg_tables WHERE schemaname = '"
                            + schema
                            + "' AND tablename NOT IN ('tide_schema_version', 'tide_store_id') LOOP EXECUTE 'TRUNCATE TABLE ' || quote_ident(r.tablename) || ' RESTART IDENTITY CASCADE'; END LOOP; END $$");
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    public void close() {
        try (Connection c = DriverManager.getConnection(baseUrl);
                Statement st = c.createStatement()) {
            st.execute("DROP SCHEMA IF EXISTS " + schema + " CASCADE");
        } catch (SQLException e) {
            System.err.println("could not drop test schema " + schema + ": " + e.getMessage());
        }
    }
}
