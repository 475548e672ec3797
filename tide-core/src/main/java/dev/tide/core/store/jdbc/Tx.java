package dev.tide.core.store.jdbc;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;

/**
 * A connection inside a transaction (or a read), handing out the dialect's named statements. Prepared statements come
 * from a cache owned by whoever owns the connection: the SQLite writer keeps its statements for its whole life, a
 * pooled PostgreSQL connection for one transaction.
 */
public final class Tx {
    private final Connection connection;
    private final SqlFile sql;
    private final Dialect dialect;
    private final Map<String, PreparedStatement> cache;

    public Tx(Connection connection, SqlFile sql, Dialect dialect, Map<String, PreparedStatement> cache) {
        this.connection = connection;
        this.sql = sql;
        this.dialect = dialect;
        this.cache = cache;
    }

    public Connection connection() {
        return connection;
    }

    public Dialect dialect() {
        return dialect;
    }

    /** The named statement, prepared once per cache. Do not hold two open uses of one name at once. */
    public Statement prepare(String name) throws SQLException {
        return prepare(name, List.of());
    }

    /** The named statement with filter statements in place of its {@code /*filters*}{@code /}, prepared once per cache. */
    public Statement prepare(String name, List<String> filters) throws SQLException {
        NamedSql named = sql.composed(name, filters);
        PreparedStatement ps = cache.get(named.name());
        if (ps == null) {
            ps = connection.prepareStatement(named.jdbcSql());
            cache.put(named.name(), ps);
        }
        return new Statement(named, ps, dialect);
    }

    /**
     * The named statement behind {@code prefix} (e.g. {@code "EXPLAIN "}), prepared apart from the cache; the caller
     * closes {@link Statement#raw()}.
     */
    public Statement prepareUncached(String name, String prefix) throws SQLException {
        NamedSql named = sql.get(name).prefixed(prefix);
        return new Statement(named, connection.prepareStatement(named.jdbcSql()), dialect);
    }

    /** A statement built at run time (the browse query); the caller closes it. */
    public PreparedStatement prepareDynamic(String jdbcSql) throws SQLException {
        return connection.prepareStatement(sql.qualify(jdbcSql));
    }

    /** SQL written in Java, naming the schema as the named statements do (identity on SQLite). */
    public String qualify(String jdbcSql) {
        return sql.qualify(jdbcSql);
    }

    /** The schema Tide's tables live in, or null on SQLite. */
    public String schema() {
        return sql.schema();
    }

    /**
     * For scripts Tide runs on a connection it owns (migrations, list indexes): puts Tide's schema first on the search
     * path until this transaction ends ({@code set_config(..., true)} is {@code SET LOCAL}), so the scripts' plain
     * names, function bodies and {@code CREATE}s land in it. Nothing on SQLite.
     */
    public void scopeSearchPathToSchema() throws SQLException {
        String schema = sql.schema();
        if (schema == null) {
            return;
        }
        boolean missing;
        try (PreparedStatement look = connection.prepareStatement("SELECT to_regnamespace(quote_ident(?)) IS NULL")) {
            look.setString(1, schema);
            try (var rs = look.executeQuery()) {
                rs.next();
                missing = rs.getBoolean(1);
            }
        }
        if (missing) {
            // Only when missing: CREATE SCHEMA IF NOT EXISTS asks for the database's CREATE privilege even then.
            try (PreparedStatement create = connection.prepareStatement(
                    "CREATE SCHEMA IF NOT EXISTS \"" + schema.replace("\"", "\"\"") + "\"")) {
                create.execute();
            }
        }
        try (PreparedStatement scope = connection.prepareStatement(
                "SELECT set_config('search_path', quote_ident(?) || ', ' || current_setting('search_path'), true)")) {
            scope.setString(1, schema);
            scope.execute();
        }
    }
}
