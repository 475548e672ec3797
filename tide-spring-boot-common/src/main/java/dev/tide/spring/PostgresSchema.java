package dev.tide.spring;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.regex.Pattern;

/**
 * Puts Tide's tables in the schema {@code tide.postgres.schema}: creates it if missing and names it in the URL. A URL
 * that already names one ({@code currentSchema=...}) is kept as it is. Stands in until the engine takes a schema of its
 * own ({@code PostgresOptions}), after which this class goes.
 */
final class PostgresSchema {
    private static final Pattern NAME = Pattern.compile("[a-z_][a-z0-9_]{0,62}");

    private PostgresSchema() {}

    static String prepare(String url, String schema) {
        if (url.contains("currentSchema=")) {
            return url;
        }
        if (!NAME.matcher(schema).matches()) {
            throw new IllegalArgumentException("tide.postgres.schema: \"" + schema
                    + "\" is not a plain schema name (lower-case letters, digits and _, at most 63)");
        }
        try (Connection connection = DriverManager.getConnection(url);
                Statement statement = connection.createStatement()) {
            statement.execute("CREATE SCHEMA IF NOT EXISTS " + schema);
        } catch (SQLException e) {
            throw new IllegalStateException(
                    "could not create the schema " + schema + " of Tide's tables: " + e.getMessage(), e);
        }
        return url + (url.contains("?") ? "&" : "?") + "currentSchema=" + schema;
    }
}
