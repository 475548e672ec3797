package dev.tide.core.store.postgresql;

import dev.tide.api.ConflictException;
import dev.tide.api.Lease;
import dev.tide.core.settings.FaultPoints;
import dev.tide.core.store.JobEndHook;
import dev.tide.core.store.LeaseExtension;
import dev.tide.core.store.Settlement;
import dev.tide.core.store.StoreException;
import dev.tide.core.store.StoreInfo;
import dev.tide.core.store.TaskRow;
import dev.tide.core.store.Tokens;
import dev.tide.core.store.jdbc.JdbcStore;
import dev.tide.core.store.jdbc.Placement;
import dev.tide.core.store.jdbc.SqlWork;
import dev.tide.core.store.jdbc.Statement;
import dev.tide.core.store.jdbc.Tx;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The store for many nodes: any number of Tide processes over one PostgreSQL schema.
 *
 * <p>Each write is one READ COMMITTED transaction on a pooled connection. Claims lock their rows with
 * {@code FOR UPDATE SKIP LOCKED} and lease them in the same statement, so concurrent claimers never wait on each
 * other and no task gets two holders. Bulk paths (inserting tasks, settling and extending leases) send each column as
 * an array, one round trip per batch. Transactions that PostgreSQL aborts as a deadlock or serialization failure are
 * run again (a few times); every other failure is a {@link StoreException} with nothing committed.
 *
 * <p>Between nodes: wake-ups by {@code LISTEN/NOTIFY} ({@link ReadyListener}, debounced by {@link ReadyPublisher}),
 * maintenance leadership by a session advisory lock ({@link LeaderLock}), and the database's clock
 * ({@link #databaseNowMillis()}) as the time every node agrees on.
 */
public final class PostgresStore extends JdbcStore {
    private static final Logger log = LoggerFactory.getLogger(PostgresStore.class);
    /** Runs of one write when PostgreSQL aborts it as a deadlock victim or serialization failure. */
    private static final int MAX_RUNS = 4;

    private final PostgresConnections connections;
    private final String schema;
    private final ReadyListener listener;
    private final ReadyPublisher publisher;
    private final LeaderLock leader;
    /** Autovacuum is off and this process said so before Tide's schema existed to remember it in. */
    private volatile boolean autovacuumWarningUnrecorded;

    private PostgresStore(PostgresConnections connections, PostgresOptions options, JobEndHook hook) {
        super(new PostgresDialect(), hook);
        this.connections = connections;
        boolean[] autovacuumOff = new boolean[2]; // off, and whether tide_settings exists to remember the warning in
        this.schema = read(tx -> {
            try (ResultSet rs = tx.prepare("current_schema").query()) {
                rs.next();
                autovacuumOff[0] = !"on".equals(rs.getString("autovacuum"));
                autovacuumOff[1] = rs.getBoolean("settings_present");
                return rs.getString("schema");
            }
        });
        if (autovacuumOff[0] && schema != null) {
            warnAutovacuumOffOnce(autovacuumOff[1]);
        }
        if (schema == null) {
            throw new StoreException(
                    "no schema of the search path exists in " + connections.location() + "; create it first", null);
        }
        String origin = Tokens.next().substring(0, 12);
        this.listener = new ReadyListener(connections, origin, schema);
        this.publisher = new ReadyPublisher(options.readyDebounce(), queues -> notifyReady(origin, queues));
        this.leader = new LeaderLock(connections, sql, schema);
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
        return write(tx -> tx.prepare("autovacuum_warning_record")
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
        try {
            return new PostgresStore(connections, options, hook);
        } catch (RuntimeException e) {
            connections.close();
            throw e;
        }
    }

    // --- transactions --------------------------------------------------------------------------------------------

    /**
     * One READ COMMITTED transaction on a pooled connection. A {@link dev.tide.api.TideException} from the shared code
     * rolls back and reaches the caller unchanged. A connection lost during the commit itself leaves the outcome
     * unknown: the caller hears a {@link StoreException} and must not assume nothing happened; retrying is safe for
     * enqueues with idempotency keys and for acknowledgements (compare-and-sets on lease tokens).
     */
    @Override
    protected <T> T write(SqlWork<T> work) {
        for (int run = 1; ; run++) {
            try (Connection c = connections.pooled()) {
                try {
                    T result = runOn(c, work);
                    FaultPoints.reach("postgresql.before-commit");
                    c.commit();
                    FaultPoints.reach("postgresql.after-commit");
                    return result;
                } catch (SQLException e) {
                    rollbackQuietly(c);
                    if (run < MAX_RUNS && isTransient(e)) {
                        log.debug("running a write again after {}", e.getMessage());
                        continue;
                    }
                    throw translate("write", e);
                } catch (RuntimeException | Error e) {
                    rollbackQuietly(c);
                    throw e;
                }
            } catch (SQLException e) {
                throw translate("connection", e);
            }
        }
    }

    @Override
    protected <T> T read(SqlWork<T> work) {
        try (Connection c = connections.pooled()) {
            // One statement per read mostly: autocommit spares the COMMIT round trip; the pool restores the setting.
            c.setAutoCommit(true);
            return runOn(c, work);
        } catch (SQLException e) {
            throw translate("read", e);
        }
    }

    /** Runs the work with a statement cache that lives as long as the borrowed connection's turn. */
    private <T> T runOn(Connection c, SqlWork<T> work) throws SQLException {
        Map<String, PreparedStatement> cache = new HashMap<>();
        try {
            return work.run(new Tx(c, sql, dialect, cache));
        } finally {
            for (PreparedStatement ps : cache.values()) {
                try {
                    ps.close();
                } catch (SQLException ignored) {
                    // The connection's own failure, if any, is reported by the work or the commit.
                }
            }
        }
    }

    /** Deadlock victims and serialization failures: PostgreSQL rolled back, and running again may well succeed. */
    private static boolean isTransient(SQLException e) {
        return "40P01".equals(e.getSQLState()) || "40001".equals(e.getSQLState());
    }

    private RuntimeException translate(String what, SQLException e) {
        if (dialect.isUniqueViolation(e)) {
            return new ConflictException("conflicts with existing data: " + e.getMessage());
        }
        return new StoreException("PostgreSQL " + what + " failed: " + e.getMessage(), e);
    }

    private static void rollbackQuietly(Connection c) {
        try {
            c.rollback();
        } catch (SQLException ignored) {
            // The pool discards a broken connection; the original failure is what the caller hears.
        }
    }

    private static String rootMessage(Throwable e) {
        Throwable root = e;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        return root.getMessage();
    }

    // --- bulk paths ----------------------------------------------------------------------------------------------

    @Override
    protected List<Long> insertTaskRows(Tx tx, List<TaskRow> rows, List<Placement> placements) throws SQLException {
        return PostgresBulk.insertTasks(tx, rows, placements);
    }

    /**
     * Advisory locks, held to the end of the transaction, on the keys and bounded queues an enqueue coalesces on or
     * counts: under READ COMMITTED the lookups and counts that follow each see everything the previous holder
     * committed. Enqueues that touch neither take no lock.
     */
    @Override
    protected void lockScopes(Tx tx, List<String> scopes) throws SQLException {
        tx.prepare("scope_lock").setTexts("scopes", scopes).query().close();
    }

    @Override
    protected List<SettledRow> settleRowsInBulk(Tx tx, List<Settlement> settlements, Instant now) throws SQLException {
        return PostgresBulk.settle(tx, settlements, now);
    }

    @Override
    public List<Lease> taskLeaseExtend(LeaseExtension extension) {
        if (extension.leases().size() < 2) {
            return super.taskLeaseExtend(extension);
        }
        return write(tx -> PostgresBulk.extendLeases(tx, extension));
    }

    // --- between nodes -------------------------------------------------------------------------------------------

    @Override
    public boolean leaderTryAcquire() {
        return leader.tryAcquire();
    }

    @Override
    public void leaderRelease() {
        leader.release();
    }

    @Override
    public void readySubscribe(Consumer<String> subscriber) {
        listener.subscribe(subscriber);
    }

    @Override
    public void readyPublish(Set<String> queues) {
        publisher.publish(queues);
    }

    private void notifyReady(String origin, List<String> queues) {
        List<String> payloads = queues.stream()
                .map(q -> new ReadyMessage(origin, q, schema).encode())
                .toList();
        write(tx -> {
            tx.prepare("ready_notify").setTexts("payloads", payloads).query().close();
            return null;
        });
    }

    /** The database's clock now, in epoch milliseconds: the time all nodes agree on. */
    public long databaseNowMillis() {
        return read(tx -> {
            try (ResultSet rs = tx.prepare("database_now").query()) {
                rs.next();
                return rs.getLong("now_ms");
            }
        });
    }

    // --- diagnostics ---------------------------------------------------------------------------------------------

    @Override
    public double activeConnections() {
        return read(tx -> {
            try (java.sql.ResultSet rs = tx.prepare("pg_active_connections").query()) {
                rs.next();
                return (double) rs.getLong("n");
            }
        });
    }

    @Override
    public StoreInfo info() {
        return new StoreInfo("postgresql", true, connections.location());
    }

    /** The schema this store's tables live in (the first schema of the connection's search path). */
    public String schema() {
        return schema;
    }

    /**
     * The generic plan of a named statement, one line per row of {@code EXPLAIN}: the plan PostgreSQL caches for a
     * prepared statement and reuses whatever the values (pgjdbc prepares a statement on the server from its fifth use;
     * PostgreSQL then keeps the generic plan unless it costs more than the custom ones did). For tests of index use.
     */
    public List<String> explain(String statementName) {
        String positional = dollarParameters(sql.get(statementName).jdbcSql());
        int parameters = positional.split("\\$[0-9]+", -1).length - 1;
        String prepared = "tide_explain_" + Tokens.next().substring(0, 8);
        return read(tx -> {
            try (var st = tx.connection().createStatement()) {
                st.execute("PREPARE " + prepared + " AS " + positional);
                try {
                    st.execute("SET plan_cache_mode = force_generic_plan");
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
        return read(tx -> explain(tx, statementName, parameters));
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
        publisher.close();
        listener.close();
        leader.close();
        connections.close();
    }
}
