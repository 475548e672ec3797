package dev.tide.core.store.postgresql;

import dev.tide.api.ConflictException;
import dev.tide.core.settings.FaultPoints;
import dev.tide.core.store.StoreException;
import dev.tide.core.store.jdbc.Database;
import dev.tide.core.store.jdbc.Dialect;
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

    PostgresDatabase(PostgresConnections connections) {
        this.connections = connections;
        this.sql = SqlFile.forDialect(dialect.name());
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
    public <T> T read(SqlWork<T> work) {
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
