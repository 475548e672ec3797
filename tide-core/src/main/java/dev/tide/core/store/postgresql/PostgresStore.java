package dev.tide.core.store.postgresql;

import dev.tide.core.store.Coordination;
import dev.tide.core.store.JobEndHook;
import dev.tide.core.store.StoreException;
import dev.tide.core.store.StoreInfo;
import dev.tide.core.store.Tokens;
import dev.tide.core.store.jdbc.ClaimAnswer;
import dev.tide.core.store.jdbc.JdbcStore;
import dev.tide.core.store.jdbc.Statement;
import dev.tide.core.store.jdbc.Tx;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.WeakHashMap;
import javax.sql.DataSource;
import org.postgresql.PGConnection;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The store for many nodes: any number of Tide processes over one PostgreSQL schema.
 *
 * <p>Each write is one READ COMMITTED transaction on a pooled connection ({@link PostgresDatabase}). Claims lock
 * their rows with {@code FOR UPDATE SKIP LOCKED} and lease them in the same statement, so concurrent claimers never
 * wait on each other and no task gets two holders. Bulk paths (inserting tasks, settling and extending leases) send each column as
 * an array, one round trip per batch ({@link PostgresDialect}).
 *
 * <p>Between nodes: wake-ups by {@code LISTEN/NOTIFY} ({@link ReadyListener}, debounced by {@link ReadyPublisher}),
 * maintenance leadership by a session advisory lock ({@link LeaderLock}), both in {@link PostgresCoordination}; and
 * the database's clock ({@link #databaseNowMillis()}) as the time every node agrees on.
 */
public final class PostgresStore extends JdbcStore {
    private static final Logger log = LoggerFactory.getLogger(PostgresStore.class);

    private final PostgresDatabase database;
    private final PostgresConnections connections;
    private final String schema;
    private final PostgresCoordination coordination;
    /** Autovacuum is off and this process said so before Tide's schema existed to remember it in. */
    private volatile boolean autovacuumWarningUnrecorded;
    /** The drivers' connections found on this store ({@link #notOnThisStore}), forgotten with them. */
    private final Map<Object, Boolean> sameStore = new WeakHashMap<>();
    /** This store's identity (V028), read once. */
    private volatile String storeId;

    private PostgresStore(
            PostgresDatabase database,
            PostgresConnections connections,
            PostgresOptions options,
            String schema,
            JobEndHook hook) {
        super(database, hook, ClaimAnswer.WHOLE_ROWS, database::activeConnections);
        this.database = database;
        this.connections = connections;
        this.schema = schema;
        boolean[] autovacuumOff = new boolean[2]; // off, and whether tide_settings exists to remember the warning in
        database.read(tx -> {
            try (ResultSet rs = tx.prepare("current_schema").query()) {
                rs.next();
                autovacuumOff[0] = !"on".equals(rs.getString("autovacuum"));
                autovacuumOff[1] = rs.getBoolean("settings_present");
                return null;
            }
        });
        if (autovacuumOff[0]) {
            warnAutovacuumOffOnce(autovacuumOff[1]);
        }
        this.coordination = new PostgresCoordination(
                database, connections, options, schema, Tokens.next().substring(0, 12));
    }

    /**
     * Autovacuum off is worth one line, once per database: every {@code tide} command opens the store, and a warning
     * repeated by each would drown its output. A database without Tide's schema yet is told now and remembers it once
     * migrated ({@link #schemaMigrate()}).
     */
    private void warnAutovacuumOffOnce(boolean canRemember) {
        boolean first = !canRemember || recordAutovacuumWarning();
        autovacuumWarningUnrecorded = !canRemember;
        if (first) {
            log.warn(
                    "autovacuum is off on {}: Tide's tables will bloat; turn it on (docs/postgresql.md; said once per"
                            + " database)",
                    connections.location());
        }
    }

    /** Whether this call recorded the warning (no process had before). */
    private boolean recordAutovacuumWarning() {
        return database.write(tx -> tx.prepare("autovacuum_warning_record")
                        .set("now", Instant.now())
                        .update())
                == 1;
    }

    @Override
    public int schemaMigrate() {
        int version = super.schemaMigrate();
        if (autovacuumWarningUnrecorded) {
            recordAutovacuumWarning();
            autovacuumWarningUnrecorded = false;
        }
        return version;
    }

    /** Connects to {@code jdbcUrl} (e.g. {@code jdbc:postgresql://db:5432/tide?user=tide}); does not migrate. */
    public static PostgresStore open(String jdbcUrl, JobEndHook hook) {
        return open(jdbcUrl, PostgresOptions.defaults(), hook);
    }

    public static PostgresStore open(String jdbcUrl, PostgresOptions options, JobEndHook hook) {
        PostgresConnections connections;
        try {
            connections = new PostgresConnections(jdbcUrl, options);
        } catch (RuntimeException e) {
            // HikariCP reports an unreachable database at start as its own unchecked exception.
            throw new StoreException(
                    "cannot connect to PostgreSQL at " + PostgresConnections.withoutCredentials(jdbcUrl) + ": "
                            + rootMessage(e),
                    e);
        }
        return open(connections, options, options.schema(), hook);
    }

    /**
     * Over the application's pool: Tide's tables in {@code options.schema()} ({@value
     * PostgresOptions#DATA_SOURCE_SCHEMA} by default, created by the first migration), named in every statement, so
     * the pool's connections need no search path of Tide's. The pool lends Tide a connection per transaction and two
     * for the store's life (LISTEN, the maintenance leader's lock): size it for them. Closing the store leaves the
     * pool open.
     */
    public static PostgresStore open(DataSource dataSource, PostgresOptions options, JobEndHook hook) {
        PostgresConnections connections;
        try {
            connections = new PostgresConnections(dataSource, options);
        } catch (SQLException | RuntimeException e) {
            throw new StoreException("cannot get a connection from the DataSource: " + rootMessage(e), e);
        }
        String schema = options.schema() != null ? options.schema() : PostgresOptions.DATA_SOURCE_SCHEMA;
        return open(connections, options, schema, hook);
    }

    /** @param schema null: the first existing schema of the connection's search path */
    private static PostgresStore open(
            PostgresConnections connections, PostgresOptions options, String schema, JobEndHook hook) {
        try {
            String chosen = schema != null ? schema : firstSchemaOfSearchPath(connections);
            return new PostgresStore(new PostgresDatabase(connections, chosen), connections, options, chosen, hook);
        } catch (RuntimeException e) {
            connections.close();
            throw e;
        }
    }

    private static String firstSchemaOfSearchPath(PostgresConnections connections) {
        String schema;
        try (Connection c = connections.pooled();
                java.sql.Statement st = c.createStatement();
                ResultSet rs = st.executeQuery("SELECT current_schema()")) {
            rs.next();
            schema = rs.getString(1);
            c.rollback();
        } catch (SQLException e) {
            throw new StoreException(
                    "cannot read the search path on " + connections.location() + ": " + e.getMessage(), e);
        }
        if (schema == null) {
            throw new StoreException(
                    "no schema of the search path exists in " + connections.location() + "; create it first", null);
        }
        return schema;
    }

    private static String rootMessage(Throwable e) {
        Throwable root = e;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        return root.getMessage();
    }

    /** The database's clock now, in epoch milliseconds: the time all nodes agree on. */
    public long databaseNowMillis() {
        return database.nowMillis();
    }

    /** The transactions under the roles, for tests of their retries. */
    PostgresDatabase database() {
        return database;
    }

    @Override
    public Coordination coordination() {
        return coordination;
    }

    /**
     * Why {@code connection} is not on this store's database and schema, or null when it is: the identity V028 wrote
     * in the schema, read through the caller's connection, must be the one this store reads through its own. Asked
     * once per physical connection (pool proxies unwrap to the driver's connection), so a joined call pays no round
     * trip for it after.
     */
    public String notOnThisStore(Connection connection) {
        try {
            Object physical = connection.unwrap(PGConnection.class);
            synchronized (sameStore) {
                if (sameStore.containsKey(physical)) {
                    return null;
                }
            }
            String mine = storeId();
            String theirs = storeIdThrough(connection);
            if (!mine.equals(theirs)) {
                return "it is not on Tide's store (" + connections.location() + ", schema " + schema + "): "
                        + (theirs == null ? "it has no Tide schema named " + schema : "it reaches another Tide store")
                        + "; Tide joins only a transaction on its own database, as an enqueue done apart would not"
                        + " commit or roll back with the application's transaction";
            }
            synchronized (sameStore) {
                sameStore.put(physical, Boolean.TRUE);
            }
            return null;
        } catch (SQLException e) {
            return "it cannot be checked against Tide's store: " + e.getMessage();
        }
    }

    /** This store's identity (V028), read once through a connection of its own. */
    public String storeId() {
        String id = storeId;
        if (id == null) {
            id = database.read(tx -> {
                try (ResultSet rs = tx.prepare("store_id").query()) {
                    if (!rs.next()) {
                        throw new StoreException(
                                "Tide's schema " + schema + " has no store identity: migrate it", null);
                    }
                    return rs.getString("id");
                }
            });
            storeId = id;
        }
        return id;
    }

    /** The identity of the Tide schema of this name through {@code connection}, or null if it has none there. */
    private String storeIdThrough(Connection connection) throws SQLException {
        String table = SchemaQualifier.quoteIdentifier(schema) + ".tide_store_id";
        try (PreparedStatement present = connection.prepareStatement("SELECT to_regclass(?) IS NOT NULL")) {
            present.setString(1, table);
            try (ResultSet rs = present.executeQuery()) {
                rs.next();
                if (!rs.getBoolean(1)) {
                    return null;
                }
            }
        }
        try (var st = connection.createStatement();
                ResultSet rs = st.executeQuery("SELECT id FROM " + table)) {
            return rs.next() ? rs.getString(1) : null;
        }
    }

    // --- diagnostics ---------------------------------------------------------------------------------------------

    @Override
    public StoreInfo info() {
        return new StoreInfo("postgresql", true, connections.location());
    }

    /** The schema this store's tables live in: the one chosen, else the first schema of the URL's search path. */
    public String schema() {
        return schema;
    }

    /**
     * The generic plan of a named statement, one line per row of {@code EXPLAIN}: the plan PostgreSQL caches for a
     * prepared statement and reuses whatever the values (pgjdbc prepares a statement on the server from its fifth use;
     * PostgreSQL then keeps the generic plan unless it costs more than the custom ones did). For tests of index use.
     */
    public List<String> explain(String statementName) {
        return explain(statementName, false);
    }

    /**
     * The generic plan of a named statement with sequential scans priced out ({@code enable_seqscan = off}): whether
     * the statement can read its index at all, whatever the table's statistics say (on a table the planner believes
     * empty, a sequential scan costs nothing and wins). A statement no index serves still shows its sequential scan.
     */
    public List<String> explainIndexUse(String statementName) {
        return explain(statementName, true);
    }

    private List<String> explain(String statementName, boolean seqScansOff) {
        String positional = dollarParameters(database.sql().get(statementName).jdbcSql());
        int parameters = positional.split("\\$[0-9]+", -1).length - 1;
        String prepared = "tide_explain_" + Tokens.next().substring(0, 8);
        return database.read(tx -> {
            try (var st = tx.connection().createStatement()) {
                st.execute("PREPARE " + prepared + " AS " + positional);
                try {
                    st.execute("SET plan_cache_mode = force_generic_plan");
                    if (seqScansOff) {
                        st.execute("SET enable_seqscan = off");
                    }
                    List<String> plan = new ArrayList<>();
                    String nulls = String.join(", ", java.util.Collections.nCopies(parameters, "NULL"));
                    try (ResultSet rs = st.executeQuery(
                            "EXPLAIN EXECUTE " + prepared + (parameters == 0 ? "" : "(" + nulls + ")"))) {
                        while (rs.next()) {
                            plan.add(rs.getString(1));
                        }
                    }
                    return plan;
                } finally {
                    // Session settings and prepared statements outlive the borrowing of a pooled connection.
                    st.execute("RESET plan_cache_mode");
                    st.execute("RESET enable_seqscan");
                    st.execute("DEALLOCATE " + prepared);
                }
            }
        });
    }

    /** JDBC's {@code ?} placeholders as PostgreSQL's {@code $1, $2, ...}, outside quoted text. */
    private static String dollarParameters(String jdbcSql) {
        StringBuilder out = new StringBuilder(jdbcSql.length() + 16);
        boolean quoted = false;
        int n = 0;
        for (char c : jdbcSql.toCharArray()) {
            if (c == '\'') {
                quoted = !quoted;
            }
            if (c == '?' && !quoted) {
                out.append('$').append(++n);
            } else {
                out.append(c);
            }
        }
        return out.toString();
    }

    /**
     * The plan PostgreSQL makes for a named statement with these parameter values (missing ones are null), one line
     * per row of {@code EXPLAIN}: a custom plan, in which the planner knows the values. Lists bind as arrays.
     */
    public List<String> explain(String statementName, Map<String, ?> parameters) {
        return database.read(tx -> explain(tx, statementName, parameters));
    }

    private static List<String> explain(Tx tx, String statementName, Map<String, ?> parameters) throws SQLException {
        Statement st = tx.prepareUncached(statementName, "EXPLAIN ");
        try (PreparedStatement ps = st.raw()) {
            for (String name : st.parameterNames()) {
                st.setValue(name, parameters.get(name));
            }
            List<String> plan = new ArrayList<>();
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    plan.add(rs.getString(1));
                }
            }
            return plan;
        }
    }

    @Override
    public void close() {
        coordination.close();
        connections.close();
    }
}
