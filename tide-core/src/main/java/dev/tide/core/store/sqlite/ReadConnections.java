package dev.tide.core.store.sqlite;

import dev.tide.core.store.StoreException;
import dev.tide.core.store.jdbc.Dialect;
import dev.tide.core.store.jdbc.SqlFile;
import dev.tide.core.store.jdbc.SqlWork;
import dev.tide.core.store.jdbc.Tx;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ArrayBlockingQueue;

/** A small pool of read-only connections, each with its own statement cache. */
final class ReadConnections implements AutoCloseable {
    private final ArrayBlockingQueue<Tx> idle;
    private final List<Connection> all = new ArrayList<>();

    ReadConnections(SqliteConnections connections, SqlFile sql, Dialect dialect, int size) throws SQLException {
        idle = new ArrayBlockingQueue<>(size);
        for (int i = 0; i < size; i++) {
            Connection c = connections.openReader();
            all.add(c);
            Map<String, PreparedStatement> cache = new HashMap<>();
            idle.add(new Tx(c, sql, dialect, cache));
        }
    }

    <T> T read(SqlWork<T> work) {
        Tx tx;
        try {
            tx = idle.take();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new StoreException("interrupted while waiting for a read connection", e);
        }
        try {
            return work.run(tx);
        } catch (SQLException e) {
            throw new StoreException("SQLite read failed: " + e.getMessage(), e);
        } finally {
            idle.add(tx);
        }
    }

    @Override
    public void close() {
        for (Connection c : all) {
            try {
                c.close();
            } catch (SQLException ignored) {
                // Closing at shutdown; nothing to do about it.
            }
        }
    }
}
