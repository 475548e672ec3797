package dev.tide.core.testing;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * An independent record of executions, kept apart from Tide's own tables so tests never count outcomes with the
 * counters they check: each handler run inserts (task id, lease token) under a unique key. Rows with one task id and
 * different tokens are re-executions; under "nothing crashes" there must be none. Works on a SQLite file (shared by
 * several processes) or a PostgreSQL schema.
 */
public final class Ledger implements AutoCloseable {
    private final Connection connection;

    private Ledger(Connection connection) {
        this.connection = connection;
    }

    /** Opens (creating if needed) the ledger at a JDBC URL. */
    public static Ledger open(String jdbcUrl) {
        try {
            Connection c = DriverManager.getConnection(jdbcUrl);
            try (Statement st = c.createStatement()) {
                if (jdbcUrl.startsWith("jdbc:sqlite:")) {
                    st.execute("PRAGMA journal_mode=WAL");
                    st.execute("PRAGMA busy_timeout=30000");
                }
                st.execute("CREATE TABLE IF NOT EXISTS ledger_executions ("
                        + "task_id BIGINT NOT NULL, token TEXT NOT NULL, worker TEXT NOT NULL, "
                        + "PRIMARY KEY (task_id, token))");
            }
            return new Ledger(c);
        } catch (SQLException e) {
            throw new IllegalStateException("cannot open ledger " + jdbcUrl, e);
        }
    }

    public static String sqliteUrl(java.nio.file.Path file) {
        return "jdbc:sqlite:" + file.toAbsolutePath();
    }

    /** Records one execution; fails loudly if the same lease ran twice. */
    public synchronized void record(long taskId, String token, String worker) {
        try (PreparedStatement ps = connection.prepareStatement(
                "INSERT INTO ledger_executions (task_id, token, worker) VALUES (?, ?, ?)")) {
            ps.setLong(1, taskId);
            ps.setString(2, token);
            ps.setString(3, worker);
            ps.executeUpdate();
        } catch (SQLException e) {
            throw new IllegalStateException("ledger insert failed for task " + taskId, e);
        }
    }

    public synchronized long executions() {
        return single("SELECT COUNT(*) FROM ledger_executions");
    }

    public synchronized long distinctTasks() {
        return single("SELECT COUNT(DISTINCT task_id) FROM ledger_executions");
    }

    /** Task ids executed more than once. */
    public synchronized List<Long> reExecuted() {
        List<Long> out = new ArrayList<>();
        try (Statement st = connection.createStatement();
                ResultSet rs = st.executeQuery(
                        "SELECT task_id FROM ledger_executions GROUP BY task_id HAVING COUNT(*) > 1 ORDER BY task_id")) {
            while (rs.next()) {
                out.add(rs.getLong(1));
            }
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
        return out;
    }

    /** Executions per worker name. */
    public synchronized java.util.Map<String, Long> byWorker() {
        java.util.Map<String, Long> out = new java.util.TreeMap<>();
        try (Statement st = connection.createStatement();
                ResultSet rs = st.executeQuery("SELECT worker, COUNT(*) FROM ledger_executions GROUP BY worker")) {
            while (rs.next()) {
                out.put(rs.getString(1), rs.getLong(2));
            }
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
        return out;
    }

    private long single(String sql) {
        try (Statement st = connection.createStatement();
                ResultSet rs = st.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    public synchronized void close() {
        try {
            connection.close();
        } catch (SQLException ignored) {
            // test teardown
        }
    }
}
