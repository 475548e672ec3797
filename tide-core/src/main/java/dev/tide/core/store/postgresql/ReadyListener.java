package dev.tide.core.store.postgresql;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import org.postgresql.PGConnection;
import org.postgresql.PGNotification;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Hears other nodes' "tasks became ready in queue X" on a connection of its own that runs {@code LISTEN tide_ready},
 * and tells the subscribers. When the connection drops, a daemon thread opens a new one with backoff; what was sent
 * meanwhile is lost, which the engine's polling covers.
 */
final class ReadyListener implements AutoCloseable {
    static final String CHANNEL = "tide_ready";

    private static final Logger log = LoggerFactory.getLogger(ReadyListener.class);
    /** Longest wait for notifications before looking at {@link #running} again (bounds the time to close). */
    private static final int WAIT_MILLIS = 250;
    /** After this long without a notification the connection is pinged, so a silently dead peer is noticed. */
    private static final long PING_AFTER_NANOS = 10_000_000_000L;

    private static final int SOCKET_TIMEOUT_SECONDS = 10;
    private static final long FIRST_BACKOFF_MILLIS = 100;
    private static final long MAX_BACKOFF_MILLIS = 5_000;

    private final PostgresConnections connections;
    private final String origin;
    private final String schema;
    private final List<Consumer<String>> subscribers = new CopyOnWriteArrayList<>();
    private volatile boolean running = true;
    private Connection connection;
    private Thread thread;

    ReadyListener(PostgresConnections connections, String origin, String schema) {
        this.connections = connections;
        this.origin = origin;
        this.schema = schema;
    }

    /**
     * Adds a subscriber. The first one starts listening before this returns (when the database is reachable), so no
     * notification sent after it is missed.
     */
    synchronized void subscribe(Consumer<String> subscriber) {
        subscribers.add(subscriber);
        if (thread != null || !running) {
            return;
        }
        try {
            connection = listen();
        } catch (SQLException e) {
            log.warn("cannot LISTEN for ready tasks yet ({}); retrying in the background", e.getMessage());
        }
        thread = Thread.ofPlatform().name("tide-ready-listener").daemon(true).start(this::loop);
    }

    private Connection listen() throws SQLException {
        Connection c = connections.dedicated("listener " + schema, SOCKET_TIMEOUT_SECONDS);
        try (Statement st = c.createStatement()) {
            st.execute("LISTEN " + CHANNEL);
        } catch (SQLException e) {
            c.close();
            throw e;
        }
        return c;
    }

    private void loop() {
        long backoff = FIRST_BACKOFF_MILLIS;
        Connection c;
        synchronized (this) {
            c = connection;
        }
        while (running) {
            try {
                if (c == null) {
                    c = listen();
                    log.info("listening for ready tasks again");
                }
                backoff = FIRST_BACKOFF_MILLIS;
                receive(c);
            } catch (SQLException e) {
                if (!running) {
                    break;
                }
                log.warn("lost the LISTEN connection ({}); reconnecting in {} ms", e.getMessage(), backoff);
                closeQuietly(c);
                c = null;
                sleep(backoff);
                backoff = Math.min(MAX_BACKOFF_MILLIS, backoff * 2);
            }
        }
        closeQuietly(c);
    }

    /** Delivers notifications until closed or the connection fails. */
    private void receive(Connection c) throws SQLException {
        PGConnection pg = c.unwrap(PGConnection.class);
        long quietSince = System.nanoTime();
        while (running) {
            PGNotification[] got = pg.getNotifications(WAIT_MILLIS);
            if (got != null && got.length > 0) {
                quietSince = System.nanoTime();
                for (PGNotification n : got) {
                    deliver(n.getParameter());
                }
            } else if (System.nanoTime() - quietSince > PING_AFTER_NANOS) {
                try (Statement st = c.createStatement()) {
                    st.execute("SELECT 1");
                }
                quietSince = System.nanoTime();
            }
        }
    }

    private void deliver(String payload) {
        ReadyMessage message = ReadyMessage.decode(payload);
        if (message == null
                || !message.schema().equals(schema)
                || message.origin().equals(origin)) {
            return;
        }
        for (Consumer<String> subscriber : subscribers) {
            try {
                subscriber.accept(message.queue());
            } catch (RuntimeException e) {
                log.warn("a ready-task subscriber failed", e);
            }
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * Stops listening, then closes: a connection of the application's pool goes back to it, and must not keep
     * collecting notifications for its next borrower.
     */
    private static void closeQuietly(Connection c) {
        if (c != null) {
            try (Statement st = c.createStatement()) {
                st.execute("UNLISTEN *");
            } catch (SQLException ignored) {
                // A dead connection listens to nothing; closing it is all that is left.
            }
            try {
                c.close();
            } catch (SQLException ignored) {
                // A connection being given up; nothing more to learn from it.
            }
        }
    }

    @Override
    public void close() {
        Thread t;
        synchronized (this) {
            running = false;
            t = thread;
            if (t == null) {
                closeQuietly(connection);
            }
        }
        if (t != null) {
            try {
                t.join(5_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
