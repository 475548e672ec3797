package dev.tide.core.store.sqlite;

import dev.tide.core.store.Coordination;
import dev.tide.core.store.JobEndHook;
import dev.tide.core.store.StoreException;
import dev.tide.core.store.StoreInfo;
import dev.tide.core.store.jdbc.JdbcStore;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * The embedded store: one SQLite file, written by one {@link GroupCommitWriter} thread, read through a few read-only
 * connections ({@link SqliteDatabase}). One process at a time: the engine holds a lock on the data folder (see
 * {@link dev.tide.core.DataFolderLock}), so it always leads ({@link SingleNode}).
 */
public final class SqliteStore extends JdbcStore {
    /** The database file's name inside the data folder. */
    public static final String FILE_NAME = "tide.db";

    private final Path file;
    private final SqliteDatabase database;
    private final Coordination coordination = new SingleNode();

    private SqliteStore(Path file, SqliteDatabase database, JobEndHook hook) {
        super(database, hook, new SqliteClaimAnswer(database), () -> Double.NaN);
        this.file = file;
        this.database = database;
    }

    /** Opens (creating if needed) the store in {@code folder}; does not migrate. */
    public static SqliteStore open(Path folder, JobEndHook hook) {
        try {
            Files.createDirectories(folder);
            Path file = folder.resolve(FILE_NAME);
            return new SqliteStore(file, new SqliteDatabase(file, 4), hook);
        } catch (IOException | SQLException e) {
            throw new StoreException("cannot open SQLite store in " + folder + ": " + e.getMessage(), e);
        }
    }

    @Override
    public StoreInfo info() {
        return new StoreInfo("sqlite", false, file.toString());
    }

    @Override
    public Coordination coordination() {
        return coordination;
    }

    /** Commit latency and group sizes of the writer. */
    public CommitStats.Snapshot commitStats() {
        return database.writer().stats().snapshot();
    }

    /** Reads a pragma on the writer connection, e.g. {@code synchronous} (2 means FULL). */
    public String writerPragma(String name) {
        return database.writer().pragma(name);
    }

    /** EXPLAIN QUERY PLAN of a named statement, one line per plan step; for tests of index use. */
    public List<String> explain(String statement) {
        return database.read(tx -> {
            String jdbcSql = database.sql().get(statement).jdbcSql();
            List<String> plan = new ArrayList<>();
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
    public void close() {
        database.close();
    }
}
