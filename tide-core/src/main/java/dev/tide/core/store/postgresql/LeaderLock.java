package dev.tide.core.store.postgresql;

import dev.tide.core.store.jdbc.SqlFile;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Maintenance leadership: a session-level advisory lock held on a connection of its own. The lock lives exactly as
 * long as that session, so when the leader's process dies (or its connection is cut) PostgreSQL releases it and the
 * next node to ask wins; no lease to expire, no clock involved.
 *
 * <p>Every {@link #tryAcquire()} verifies, by a query on the lock's own session, that the lock is still held: a leader
 * whose connection was lost learns it on its next maintenance pass and tries to win again on a fresh connection. Two
 * leaders can overlap only between one node losing its session and noticing it; every chore is a compare-and-set
 * or skips locked rows, so an overlap costs duplicate work, never a wrong result.
 */
final class LeaderLock implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(LeaderLock.class);
    /** A check that hears nothing for this long counts the session as lost. */
    private static final int SOCKET_TIMEOUT_SECONDS = 10;

    private final PostgresConnections connections;
    private final SqlFile sql;
    private final String purpose;
    private Connection session;
    private boolean held;
    private boolean closed;

    /** @param schema the schema led, named in the session's application name for operators */
    LeaderLock(PostgresConnections connections, SqlFile sql, String schema) {
        this.connections = connections;
        this.sql = sql;
        this.purpose = "leader " + schema;
    }

    /** Whether this node leads now: keeps a held lock (after checking its session is alive) or tries to take it. */
    synchronized boolean tryAcquire() {
        if (closed) {
            return false;
        }
        if (held) {
            try {
                if (stillHeld()) {
                    return true;
                }
                log.warn("the maintenance leader lock is no longer held; trying to win it again");
            } catch (SQLException e) {
                log.warn("lost the maintenance leader session ({}); trying to win again on a new one", e.getMessage());
                dropSession();
            }
            held = false;
        }
        try {
            held = queryBoolean("leader_try_lock");
        } catch (SQLException e) {
            log.debug("cannot try the maintenance leader lock: {}", e.getMessage());
            dropSession();
            return false;
        }
        if (held) {
            log.info("this node now leads maintenance");
        }
        return held;
    }

    /** Gives up leadership if held; the session stays open for the next attempt. */
    synchronized void release() {
        if (!held) {
            return;
        }
        held = false;
        try {
            queryBoolean("leader_unlock");
        } catch (SQLException e) {
            // The lock dies with the session: closing it releases the lock for certain.
            dropSession();
        }
    }

    private boolean stillHeld() throws SQLException {
        try (Statement st = session().createStatement();
                ResultSet rs = st.executeQuery(sql.get("leader_held").jdbcSql())) {
            return rs.next() && rs.getLong("n") > 0;
        }
    }

    private boolean queryBoolean(String statement) throws SQLException {
        try (Statement st = session().createStatement();
                ResultSet rs = st.executeQuery(sql.get(statement).jdbcSql())) {
            return rs.next() && rs.getBoolean(1);
        }
    }

    private Connection session() throws SQLException {
        if (session == null || session.isClosed()) {
            session = connections.dedicated(purpose, SOCKET_TIMEOUT_SECONDS);
        }
        return session;
    }

    /**
     * Gives the session up. Its locks go with it: a connection of the application's pool outlives its return to the
     * pool, so they are released first (a dead session has none left to release).
     */
    private void dropSession() {
        if (session != null) {
            try (Statement st = session.createStatement()) {
                st.execute("SELECT pg_advisory_unlock_all()");
            } catch (SQLException ignored) {
                // Dead: PostgreSQL released its locks with it.
            }
            try {
                session.close();
            } catch (SQLException ignored) {
                // The session is being thrown away because it failed.
            }
            session = null;
        }
    }

    @Override
    public synchronized void close() {
        release();
        closed = true;
        dropSession();
    }
}
