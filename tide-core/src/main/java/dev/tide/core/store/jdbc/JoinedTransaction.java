package dev.tide.core.store.jdbc;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

/**
 * A transaction Tide joins instead of opening its own: the application's (on its connection, {@code Tide.joining}) or
 * one Tide opened for an application's work ({@code Tide.transaction}). While a thread is inside a {@link #enter scope}
 * of one, every {@link Database#write} and {@link Database#read} it makes runs on that connection, and commits and rolls
 * back nothing: the transaction's owner does. In-process effects that must wait for the commit (waking this node's
 * claims, meters) are handed to {@link #afterCommit}.
 *
 * <p>The cost for every other call is one read of a static counter: while no scope is open anywhere in the process,
 * {@link #current()} answers null without looking at the thread.
 */
public final class JoinedTransaction {
    private static final ThreadLocal<JoinedTransaction> CURRENT = new ThreadLocal<>();
    /** Scopes open in the process now; zero almost always, so that the hot path asks no ThreadLocal. */
    private static final AtomicInteger OPEN = new AtomicInteger();

    private final Connection connection;
    private final Consumer<Runnable> afterCommit;
    /** Statements prepared for one scope on the joined connection; closed when the scope ends. */
    private final Map<String, PreparedStatement> statements = new HashMap<>();

    private int depth;

    /** @param afterCommit takes what must run once the transaction has committed (never, if it rolls back) */
    public JoinedTransaction(Connection connection, Consumer<Runnable> afterCommit) {
        this.connection = connection;
        this.afterCommit = afterCommit;
    }

    /** The transaction the calling thread is inside, or null (the usual answer). */
    public static JoinedTransaction current() {
        return OPEN.get() == 0 ? null : CURRENT.get();
    }

    /** Puts the calling thread inside this transaction until the scope is closed; scopes nest. */
    public Scope enter() {
        JoinedTransaction previous = CURRENT.get();
        CURRENT.set(this);
        OPEN.incrementAndGet();
        depth++;
        return new Scope(previous);
    }

    public Connection connection() {
        return connection;
    }

    /**
     * Runs {@code action} now, or, when the calling thread is inside a joined transaction, once that commits (never if
     * it rolls back): for in-process effects of a write (meters, wake-ups, listeners) that a rollback must not leave.
     */
    public static void whenCommitted(Runnable action) {
        JoinedTransaction joined = current();
        if (joined == null) {
            action.run();
        } else {
            joined.afterCommit(action);
        }
    }

    /** Runs {@code action} after the joined transaction commits. */
    public void afterCommit(Runnable action) {
        afterCommit.accept(action);
    }

    /**
     * A write inside the joined transaction, under a savepoint: a write that fails (bad input found halfway, a
     * conflict) takes back what it did and leaves the application's transaction usable, as its own transaction would
     * have been rolled back whole.
     */
    public <T> T write(SqlFile sql, Dialect dialect, SqlWork<T> work) throws SQLException {
        execute("SAVEPOINT tide_write");
        T result;
        try {
            result = work.run(new Tx(connection, sql, dialect, statements));
        } catch (SQLException | RuntimeException | Error e) {
            try {
                execute("ROLLBACK TO SAVEPOINT tide_write");
                execute("RELEASE SAVEPOINT tide_write");
            } catch (SQLException rollback) {
                e.addSuppressed(rollback);
            }
            throw e;
        }
        execute("RELEASE SAVEPOINT tide_write");
        return result;
    }

    /** A read inside the joined transaction: it sees the transaction's own writes, committed or not. */
    public <T> T read(SqlFile sql, Dialect dialect, SqlWork<T> work) throws SQLException {
        return work.run(new Tx(connection, sql, dialect, statements));
    }

    private void execute(String sql) throws SQLException {
        try (Statement st = connection.createStatement()) {
            st.execute(sql);
        }
    }

    /** The thread's stay inside a joined transaction; closing it returns the thread to where it was. */
    public final class Scope implements AutoCloseable {
        private final JoinedTransaction previous;
        private boolean closed;

        private Scope(JoinedTransaction previous) {
            this.previous = previous;
        }

        @Override
        public void close() {
            if (closed) {
                return;
            }
            closed = true;
            if (previous == null) {
                CURRENT.remove();
            } else {
                CURRENT.set(previous);
            }
            OPEN.decrementAndGet();
            if (--depth == 0) {
                for (PreparedStatement ps : statements.values()) {
                    try {
                        ps.close();
                    } catch (SQLException ignored) {
                        // The connection is the application's; its own failure reaches it through its own calls.
                    }
                }
                statements.clear();
            }
        }
    }
}
