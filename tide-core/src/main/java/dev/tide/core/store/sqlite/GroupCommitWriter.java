package dev.tide.core.store.sqlite;

import dev.tide.core.settings.FaultPoints;
import dev.tide.core.store.StoreException;
import dev.tide.core.store.jdbc.Dialect;
import dev.tide.core.store.jdbc.SqlFile;
import dev.tide.core.store.jdbc.SqlWork;
import dev.tide.core.store.jdbc.Tx;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The only thread that writes the SQLite file, with group commit.
 *
 * <p>Callers hand in units of work and block. The thread takes every unit waiting (up to {@code maxBatch}), runs them
 * in one {@code BEGIN IMMEDIATE} transaction, each inside its own savepoint so that one failing unit is rolled back
 * alone, commits once, and only then answers every caller. With {@code synchronous=FULL} a commit is one fsync of the
 * WAL, so 64 concurrent producers cost one fsync per group instead of 64: batching comes from concurrency, not from a
 * timer, and a lone caller waits for nothing but its own commit.
 */
final class GroupCommitWriter implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(GroupCommitWriter.class);

    /** How many times a running group takes in the units that arrived meanwhile, before it commits. */
    private static final int LATE_ROUNDS = 2;

    private final Connection connection;
    private final Tx tx;
    private final int maxBatch;
    private final LinkedBlockingQueue<Unit<?>> queue = new LinkedBlockingQueue<>();
    private final CommitStats stats = new CommitStats();
    private final Thread thread;
    /** The statements {@link #tx} prepared, by name; dropped with the control statements after a failure. */
    private final Map<String, PreparedStatement> cache = new HashMap<>();
    // The control statements are prepared once and again after a failure (see recover()).
    private PreparedStatement begin;
    private PreparedStatement commit;
    private PreparedStatement savepoint;
    private PreparedStatement release;
    private PreparedStatement rollbackToSavepoint;
    private volatile boolean running = true;

    GroupCommitWriter(Connection connection, SqlFile sql, Dialect dialect, int maxBatch) throws SQLException {
        this.connection = connection;
        this.tx = new Tx(connection, sql, dialect, cache);
        this.maxBatch = maxBatch;
        prepareControls();
        this.thread =
                Thread.ofPlatform().name("tide-sqlite-writer").daemon(true).start(this::loop);
    }

    /** Runs {@code work} in the next group; returns once its transaction is durable. */
    <T> T submit(SqlWork<T> work) {
        if (Thread.currentThread() == thread) {
            throw new IllegalStateException("nested write from inside a write");
        }
        if (!running) {
            throw new StoreException("the SQLite store is closed", null);
        }
        Unit<T> unit = new Unit<>(work);
        queue.add(unit);
        try {
            return unit.done.join();
        } catch (CompletionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof RuntimeException r) {
                throw r;
            }
            if (cause instanceof Error err) {
                throw err;
            }
            throw new StoreException("SQLite write failed: " + cause.getMessage(), cause);
        }
    }

    CommitStats stats() {
        return stats;
    }

    private void loop() {
        List<Unit<?>> group = new ArrayList<>(maxBatch);
        while (running || !queue.isEmpty()) {
            try {
                Unit<?> first = queue.poll(100, TimeUnit.MILLISECONDS);
                if (first == null) {
                    continue;
                }
                group.add(first);
                queue.drainTo(group, maxBatch - 1);
                runGroup(group);
            } catch (InterruptedException e) {
                running = false;
            } catch (Throwable t) {
                log.error("SQLite writer failed a group of {}", group.size(), t);
                for (Unit<?> unit : group) {
                    unit.done.completeExceptionally(t);
                }
                recover();
            } finally {
                group.clear();
            }
        }
        for (Unit<?> unit; (unit = queue.poll()) != null; ) {
            unit.done.completeExceptionally(new StoreException("the SQLite store is closed", null));
        }
    }

    private void runGroup(List<Unit<?>> group) throws SQLException {
        begin.execute();
        int ran = 0;
        for (int round = 0; ; round++) {
            for (; ran < group.size(); ran++) {
                runInSavepoint(group.get(ran));
            }
            // Units that arrived while this group ran join it: they share its commit instead of waiting for it and
            // then paying for one of their own. A bounded number of rounds keeps the first callers' wait bounded.
            if (round == LATE_ROUNDS || queue.drainTo(group, maxBatch - group.size()) == 0) {
                break;
            }
        }
        FaultPoints.reach("sqlite.before-commit");
        long start = System.nanoTime();
        try {
            commit.execute();
        } catch (SQLException e) {
            // A failed COMMIT (disk full, I/O error) may leave the transaction open; nothing of it may survive.
            recover();
            StoreException failure = new StoreException("SQLite commit failed: " + e.getMessage(), e);
            group.forEach(u -> u.done.completeExceptionally(failure));
            return;
        }
        stats.record(System.nanoTime() - start, group.size());
        FaultPoints.reach("sqlite.after-commit");
        for (Unit<?> unit : group) {
            unit.complete();
        }
    }

    private void runInSavepoint(Unit<?> unit) throws SQLException {
        savepoint.execute();
        try {
            unit.run(tx);
            release.execute();
        } catch (Throwable t) {
            rollbackToSavepoint.execute();
            release.execute();
            unit.error = t;
        }
    }

    private void prepareControls() throws SQLException {
        begin = connection.prepareStatement("BEGIN IMMEDIATE");
        commit = connection.prepareStatement("COMMIT");
        savepoint = connection.prepareStatement("SAVEPOINT unit");
        release = connection.prepareStatement("RELEASE unit");
        rollbackToSavepoint = connection.prepareStatement("ROLLBACK TO unit");
    }

    /**
     * Brings the connection back to a clean state after a failed group, so the next group can start: rolls back
     * whatever transaction is still open, and prepares every statement afresh. After an SQLite error such as {@code
     * SQLITE_FULL} the driver may have finalized prepared statements ("statement is not executing") and the
     * transaction may still be open ("cannot start a transaction within a transaction"); without this the writer would
     * refuse every write until restarted, though the disk had room again.
     */
    private void recover() {
        try (Statement st = connection.createStatement()) {
            st.execute("ROLLBACK");
        } catch (SQLException e) {
            // No transaction was open: nothing to roll back.
        }
        List<PreparedStatement> stale = new ArrayList<>(cache.values());
        stale.addAll(Arrays.asList(begin, commit, savepoint, release, rollbackToSavepoint));
        cache.clear();
        for (PreparedStatement ps : stale) {
            try {
                ps.close();
            } catch (SQLException ignored) {
                // Being thrown away.
            }
        }
        try {
            prepareControls();
        } catch (SQLException e) {
            // The connection itself is broken; the next group fails on it and tries again.
            log.error("SQLite writer cannot prepare its statements again", e);
        }
    }

    /** Runs a read-only diagnostic on the writer connection itself (e.g. to confirm its pragmas). */
    String pragma(String name) {
        return submit(t -> {
            try (var st = connection.createStatement();
                    var rs = st.executeQuery("PRAGMA " + name)) {
                return rs.next() ? rs.getString(1) : null;
            }
        });
    }

    @Override
    public void close() {
        running = false;
        try {
            thread.join(10_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        try {
            connection.close();
        } catch (SQLException e) {
            log.warn("closing the SQLite writer connection failed", e);
        }
    }

    private static final class Unit<T> {
        final SqlWork<T> work;
        final CompletableFuture<T> done = new CompletableFuture<>();
        T result;
        Throwable error;

        Unit(SqlWork<T> work) {
            this.work = work;
        }

        void run(Tx tx) throws SQLException {
            result = work.run(tx);
        }

        void complete() {
            if (error != null) {
                done.completeExceptionally(error);
            } else {
                done.complete(result);
            }
        }
    }
}
