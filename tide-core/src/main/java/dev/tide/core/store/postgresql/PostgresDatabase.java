package dev.tide.core.store.postgresql;

import dev.tide.api.ConflictException;
import dev.tide.core.settings.FaultPoints;
import dev.tide.core.store.StoreException;
import dev.tide.core.store.jdbc.Database;
import dev.tide.core.store.jdbc.Dialect;
import dev.tide.core.store.jdbc.JoinedTransaction;
import dev.tide.core.store.jdbc.SqlFile;
import dev.tide.core.store.jdbc.SqlWork;
import dev.tide.core.store.jdbc.Tx;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Transactions on pooled PostgreSQL connections. Transactions that PostgreSQL aborts as a deadlock or serialization
 * failure are run again (a few times); every other failure is a {@link StoreException} with nothing committed.
 */
final class PostgresDatabase implements Database {
    private static final Logger log = LoggerFactory.getLogger(PostgresDatabase.class);
    /** Runs of one write when PostgreSQL aborts it as a deadlock victim or serialization failure. */
    private static final int MAX_RUNS = 4;

    private final PostgresConnections connections;
    private final SqlFile sql;
    private final Dialect dialect = new PostgresDialect();

    /** @param schema the schema every statement names ({@link SchemaQualifier}) */
    PostgresDatabase(PostgresConnections connections, String schema) {
        this.connections = connections;
        this.sql = SqlFile.forDialect(dialect.name(), new SchemaQualifier(schema), schema);
    }

    @Override
    public Dialect dialect() {
        return dialect;
    }

    SqlFile sql() {
        return sql;
    }

    /**
     * One READ COMMITTED transaction on a pooled connection. A {@link dev.tide.api.TideException} from the shared code
     * rolls back and reaches the caller unchanged. A connection lost during the commit itself leaves the outcome
     * unknown: the caller hears a {@link StoreException} and must not assume nothing happened; retrying is safe for
     * enqueues with idempotency keys and for acknowledgements (compare-and-sets on lease tokens).
     */
    @Override
    public <T> T write(SqlWork<T> work) {
        JoinedTransaction joined = JoinedTransaction.current();
        if (joined != null) {
            return writeJoined(joined, work);
        }
        return write(work, MAX_RUNS);
    }

    /** An application's work in a transaction of Tide's: a deadlock reaches it, as it would outside Tide. */
    @Override
    public <T> T writeOnce(SqlWork<T> work) {
        return write(work, 1);
    }

    private <T> T write(SqlWork<T> work, int maxRuns) {
        for (int run = 1; ; run++) {
            try (Connection c = connections.pooled()) {
                boolean autocommitFound = connections.borrowed() && beginOnBorrowed(c);
                try {
                    T result = runOn(c, work);
                    FaultPoints.reach("postgresql.before-commit");
                    c.commit();
                    FaultPoints.reach("postgresql.after-commit");
                    return result;
                } catch (SQLException e) {
                    rollbackQuietly(c);
                    if (run < maxRuns && isTransient(e)) {
                        log.debug("running a write again after {}", e.getMessage());
                        continue;
                    }
                    throw translate("write", e);
                } catch (RuntimeException | Error e) {
                    rollbackQuietly(c);
                    throw e;
                } finally {
                    if (autocommitFound) {
                        c.setAutoCommit(true);
                    }
                }
            } catch (SQLException e) {
                throw translate("connection", e);
            }
        }
    }

    /**
     * Starts Tide's transaction on a connection of the application's pool: autocommit off and READ COMMITTED for this
     * transaction only ({@code SET TRANSACTION} ends with it). Answers whether autocommit was on, to put it back.
     */
    private static boolean beginOnBorrowed(Connection c) throws SQLException {
        boolean autocommit = c.getAutoCommit();
        if (autocommit) {
            c.setAutoCommit(false);
        }
        try (java.sql.Statement st = c.createStatement()) {
            st.execute("SET TRANSACTION ISOLATION LEVEL READ COMMITTED");
        }
        return autocommit;
    }

    /**
     * A write inside a transaction Tide does not own: no commit, no rollback, no run again. A deadlock or any other
     * failure is the transaction owner's to handle, so it reaches them; PostgreSQL has aborted their transaction.
     */
    private <T> T writeJoined(JoinedTransaction joined, SqlWork<T> work) {
        try {
            return joined.write(sql, dialect, work);
        } catch (SQLException e) {
            throw translate("write in the joined transaction", e);
        }
    }

    @Override
    public <T> T read(SqlWork<T> work) {
        JoinedTransaction joined = JoinedTransaction.current();
        if (joined != null) {
            try {
                return joined.read(sql, dialect, work);
            } catch (SQLException e) {
                throw translate("read in the joined transaction", e);
            }
        }
        try (Connection c = connections.pooled()) {
            // One statement per read mostly: autocommit spares the COMMIT round trip; the pool restores the setting
            // (an application's pool may not: its connection gets back what it came with).
            boolean autocommit = c.getAutoCommit();
            if (!autocommit) {
                c.setAutoCommit(true);
            }
            try {
                return runOn(c, work);
            } finally {
                if (!autocommit && connections.borrowed()) {
                    c.setAutoCommit(false);
                }
            }
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

    /** The database's active connections now (a load signal). */
    double activeConnections() {
        return read(tx -> {
            try (ResultSet rs = tx.prepare("pg_active_connections").query()) {
                rs.next();
                return (double) rs.getLong("n");
            }
        });
    }

    /** The database's clock now, in epoch milliseconds: the time all nodes agree on. */
    long nowMillis() {
        return read(tx -> {
            try (ResultSet rs = tx.prepare("database_now").query()) {
                rs.next();
                return rs.getLong("now_ms");
            }
        });
    }
}
