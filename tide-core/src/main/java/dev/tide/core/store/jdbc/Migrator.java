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
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Versioned migrations: {@code migrations/index} in the dialect's resource folder lists the scripts in order; script
 * {@code VNNN__name.sql} is version {@code NNN}. Applied versions are recorded in {@code tide_schema_version}; each
 * script runs in the transaction that records it, after the {@code schema_lock} statement (an advisory lock on
 * PostgreSQL), so two nodes starting together migrate once.
 *
 * <p>Every listed script not yet recorded is applied, in the index's order, so numbers may have gaps: features built
 * in parallel take their numbers up front and land in any order (a database that has V014 still gets V013 when it
 * arrives). Such scripts must not depend on each other.
 */
public final class Migrator {
    private static final Pattern NAME = Pattern.compile("V(\\d+)__.+\\.sql");

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

    /** The number of a script named {@code VNNN__name.sql}. */
    static int versionOf(String script) {
        Matcher m = NAME.matcher(script);
        if (!m.matches()) {
            throw new IllegalStateException("migration " + script + " is not named VNNN__name.sql");
        }
        return Integer.parseInt(m.group(1));
    }

    /** The highest version the scripts bring a schema to. */
    public int latestVersion() {
        return scripts().stream().mapToInt(Migrator::versionOf).max().orElse(0);
    }

    /** The highest version recorded in the database; 0 when none (read-only: it creates nothing). */
    public static int version(Tx tx) throws SQLException {
        try (java.sql.Statement st = tx.connection().createStatement();
                ResultSet rs = st.executeQuery("SELECT COALESCE(MAX(version), 0) FROM tide_schema_version")) {
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
        try (ResultSet rs = tx.connection().getMetaData().getTables(null, null, "tide_schema_version", null)) {
            return !rs.next();
        }
    }

    /** Applies every listed script not yet recorded, inside the caller's transaction; answers the schema's version. */
    public int migrate(Tx tx, long nowMillis) throws SQLException {
        tx.prepare("schema_lock").query().close();
        createVersionTable(tx);
        Set<Integer> applied = applied(tx);
        int version = applied.stream().mapToInt(Integer::intValue).max().orElse(0);
        for (String name : scripts()) {
            int v = versionOf(name);
            if (applied.contains(v)) {
                continue;
            }
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
            version = Math.max(version, v);
        }
        return version;
    }

    private static Set<Integer> applied(Tx tx) throws SQLException {
        Set<Integer> versions = new HashSet<>();
        try (java.sql.Statement st = tx.connection().createStatement();
                ResultSet rs = st.executeQuery("SELECT version FROM tide_schema_version")) {
            while (rs.next()) {
                versions.add(rs.getInt(1));
            }
        }
        return versions;
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
