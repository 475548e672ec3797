package dev.tide.cli.testing;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Map;
import java.util.TreeMap;

/**
 * How many of each user's tasks run at once, counted by the handlers themselves in a PostgreSQL table of their own
 * (not Tide's): a handler enters before its work and leaves after it, each an atomic update of the user's row, and the
 * row keeps the peak. A handler runs inside its lease (after the claim committed, before the acknowledgement), so a
 * user's peak can exceed its concurrency cap only if its leases did.
 */
public final class Occupancy implements AutoCloseable {
    private final Connection connection;

    private Occupancy(Connection connection) {
        this.connection = connection;
    }

    /** Opens (creating if needed) the table at a PostgreSQL JDBC URL. */
    public static Occupancy open(String jdbcUrl) {
        try {
            Connection c = DriverManager.getConnection(jdbcUrl);
            try (Statement st = c.createStatement()) {
                st.execute("CREATE TABLE IF NOT EXISTS ledger_occupancy ("
                        + "owner TEXT PRIMARY KEY, running INT NOT NULL DEFAULT 0, peak INT NOT NULL DEFAULT 0)");
            }
            return new Occupancy(c);
        } catch (SQLException e) {
            throw new IllegalStateException("cannot open occupancy table at " + jdbcUrl, e);
        }
    }

    public synchronized void enter(String owner) {
        execute(
                "INSERT INTO ledger_occupancy (owner, running, peak) VALUES (?, 1, 1) ON CONFLICT (owner) DO UPDATE"
                        + " SET running = ledger_occupancy.running + 1,"
                        + " peak = GREATEST(ledger_occupancy.peak, ledger_occupancy.running + 1)",
                owner);
    }

    public synchronized void leave(String owner) {
        execute("UPDATE ledger_occupancy SET running = running - 1 WHERE owner = ?", owner);
    }

    /** The most tasks of each user that ran at once. */
    public synchronized Map<String, Integer> peaks() {
        Map<String, Integer> peaks = new TreeMap<>();
        try (Statement st = connection.createStatement();
                ResultSet rs = st.executeQuery("SELECT owner, peak FROM ledger_occupancy")) {
            while (rs.next()) {
                peaks.put(rs.getString(1), rs.getInt(2));
            }
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
        return peaks;
    }

    private void execute(String sql, String owner) {
        try (PreparedStatement ps = connection.prepareStatement(sql)) {
            ps.setString(1, owner);
            ps.executeUpdate();
        } catch (SQLException e) {
            throw new IllegalStateException("occupancy update failed for " + owner, e);
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
