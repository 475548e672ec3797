package dev.tide.core.store.sqlite;

import dev.tide.core.store.JobEndHook;
import dev.tide.core.store.StoreException;
import dev.tide.core.store.StoreInfo;
import dev.tide.core.store.jdbc.JdbcStore;
import dev.tide.core.store.jdbc.SqlWork;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.Set;
import java.util.function.Consumer;

/**
 * The embedded store: one SQLite file, written by one {@link GroupCommitWriter} thread, read through a few read-only
 * connections. One process at a time: the engine holds a lock on the data folder (see
 * {@link dev.tide.core.DataFolderLock}).
 */
public final class SqliteStore extends JdbcStore {
    /** The database file's name inside the data folder. */
    public static final String FILE_NAME = "tide.db";

    private final Path file;
    private final GroupCommitWriter writer;
    private final ReadConnections readers;

    private SqliteStore(Path file, JobEndHook hook, int readers) throws SQLException {
        super(new SqliteDialect(), hook);
        this.file = file;
        SqliteConnections connections = new SqliteConnections(file);
        this.writer = new GroupCommitWriter(connections.openWriter(), sql, dialect, 2048);
        this.readers = new ReadConnections(connections, sql, dialect, readers);
    }

    /** Opens (creating if needed) the store in {@code folder}; does not migrate. */
    public static SqliteStore open(Path folder, JobEndHook hook) {
        try {
            Files.createDirectories(folder);
            return new SqliteStore(folder.resolve(FILE_NAME), hook, 4);
        } catch (IOException | SQLException e) {
            throw new StoreException("cannot open SQLite store in " + folder + ": " + e.getMessage(), e);
        }
    }

    @Override
    protected <T> T write(SqlWork<T> work) {
        return writer.submit(work);
    }

    @Override
    protected <T> T read(SqlWork<T> work) {
        return readers.read(work);
    }

    @Override
    public StoreInfo info() {
        return new StoreInfo("sqlite", false, file.toString());
    }

    /** Commit latency and group sizes of the writer. */
    public CommitStats.Snapshot commitStats() {
        return writer.stats().snapshot();
    }

    /** Reads a pragma on the writer connection, e.g. {@code synchronous} (2 means FULL). */
    public String writerPragma(String name) {
        return writer.pragma(name);
    }

    /** EXPLAIN QUERY PLAN of a named statement, one line per plan step; for tests of index use. */
    public java.util.List<String> explain(String statement) {
        return read(tx -> {
            String jdbcSql = sql.get(statement).jdbcSql();
            java.util.List<String> plan = new java.util.ArrayList<>();
            try (var ps = tx.connection().prepareStatement("EXPLAIN QUERY PLAN " + jdbcSql)) {
                int count = ps.getParameterMetaData().getParameterCount();
                for (int i = 1; i <= count; i++) {
                    ps.setObject(i, null);
                }
                try (var rs = ps.executeQuery()) {
                    while (rs.next()) {
                        plan.add(rs.getString("detail"));
                    }
                }
            }
            return plan;
        });
    }

    @Override
    public boolean leaderTryAcquire() {
        return true;
    }

    @Override
    public void leaderRelease() {}

    @Override
    public void readySubscribe(Consumer<String> listener) {}

    @Override
    public void readyPublish(Set<String> queues) {}

    @Override
    public void close() {
        writer.close();
        readers.close();
    }
}
