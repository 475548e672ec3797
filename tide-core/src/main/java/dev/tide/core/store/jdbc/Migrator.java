package dev.tide.core.store.jdbc;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Versioned migrations: {@code migrations/index} in the dialect's resource folder lists the scripts in order. Applied
 * scripts are recorded by name in {@code tide_schema_version}, each as the next version (so a schema's version is the
 * number of scripts applied to it); each script runs in the transaction that records it, after the
 * {@code schema_lock} statement (an advisory lock on PostgreSQL), so two nodes starting together migrate once.
 *
 * <p>Every listed script not yet recorded is applied, in the index's order: features built in parallel take their
 * script numbers up front and may land in any order (a database that has V015 still gets V014 when it arrives). Such
 * scripts must not depend on each other.
 */
public final class Migrator {
    private final String folder;

    public Migrator(Dialect dialect) {
        this.folder = "/dev/tide/core/store/" + dialect.name() + "/migrations/";
    }

    /** The scripts in order. */
    public List<String> scripts() {
        List<String> names = new ArrayList<>();
        for (String line : resource("index").split("\n")) {
            if (!line.isBlank()) {
                names.add(line.trim());
            }
        }
        return names;
    }

    /** The version recorded in the database (scripts applied); 0 when none (read-only: it creates nothing). */
    public static int version(Tx tx) throws SQLException {
        try (java.sql.Statement st = tx.connection().createStatement();
                ResultSet rs =
                        st.executeQuery(tx.qualify("SELECT COALESCE(MAX(version), 0) FROM tide_schema_version"))) {
            rs.next();
            return rs.getInt(1);
        } catch (SQLException e) {
            if (tableMissing(tx)) {
                return 0;
            }
            throw e;
        }
    }

    private static boolean tableMissing(Tx tx) throws SQLException {
        try (ResultSet rs = tx.connection().getMetaData().getTables(null, tx.schema(), "tide_schema_version", null)) {
            return !rs.next();
        }
    }

    /** Applies every listed script not yet recorded, inside the caller's transaction; answers the schema's version. */
    public int migrate(Tx tx, long nowMillis) throws SQLException {
        tx.prepare("schema_lock").query().close();
        // The scripts name no schema: on PostgreSQL they run with Tide's first on the search path, this transaction
        // only.
        tx.scopeSearchPathToSchema();
        createVersionTable(tx);
        Set<String> applied = applied(tx);
        int version = version(tx);
        for (String name : scripts()) {
            if (applied.contains(name)) {
                continue;
            }
            int v = ++version;
            for (String statement : statements(resource(name))) {
                try (java.sql.Statement st = tx.connection().createStatement()) {
                    st.execute(statement);
                }
            }
            try (var ps = tx.connection()
                    .prepareStatement("INSERT INTO tide_schema_version (version, name, applied_at) VALUES (?, ?, ?)")) {
                ps.setInt(1, v);
                ps.setString(2, name);
                ps.setLong(3, nowMillis);
                ps.executeUpdate();
            }
        }
        return version;
    }

    private static Set<String> applied(Tx tx) throws SQLException {
        Set<String> names = new HashSet<>();
        try (java.sql.Statement st = tx.connection().createStatement();
                ResultSet rs = st.executeQuery("SELECT name FROM tide_schema_version")) {
            while (rs.next()) {
                names.add(rs.getString(1));
            }
        }
        return names;
    }

    private static void createVersionTable(Tx tx) throws SQLException {
        try (java.sql.Statement st = tx.connection().createStatement()) {
            st.execute("CREATE TABLE IF NOT EXISTS tide_schema_version ("
                    + "version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at BIGINT NOT NULL)");
        }
    }

    /**
     * Splits a script into statements at semicolons that end a line; comments are dropped. A trigger's body (up to a
     * line {@code END;}) and a dollar-quoted function body hold semicolons of their own and stay whole.
     */
    static List<String> statements(String script) {
        List<String> out = new ArrayList<>();
        StringBuilder current = new StringBuilder();
        for (String line : script.split("\n")) {
            String code = line.contains("--") ? line.substring(0, line.indexOf("--")) : line;
            current.append(code).append('\n');
            String statement = current.toString().trim();
            boolean inTrigger = statement.regionMatches(true, 0, "CREATE TRIGGER", 0, 14)
                    && !code.trim().equalsIgnoreCase("END;");
            boolean inDollarQuote = statement.split("\\$\\$", -1).length % 2 == 0;
            if (code.trim().endsWith(";") && !inTrigger && !inDollarQuote) {
                out.add(statement.substring(0, statement.length() - 1));
                current.setLength(0);
            }
        }
        if (!current.toString().isBlank()) {
            out.add(current.toString().trim());
        }
        return out;
    }

    private String resource(String name) {
        try (InputStream in = Migrator.class.getResourceAsStream(folder + name)) {
            if (in == null) {
                throw new IllegalStateException("missing migration resource " + folder + name);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
