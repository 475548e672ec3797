package dev.tide.core.store.sqlite;

import dev.tide.core.store.StoreException;
import dev.tide.core.store.jdbc.Database;
import dev.tide.core.store.jdbc.Dialect;
import dev.tide.core.store.jdbc.JoinedTransaction;
import dev.tide.core.store.jdbc.SqlFile;
import dev.tide.core.store.jdbc.SqlWork;
import java.nio.file.Path;
import java.sql.SQLException;

/** Transactions on one SQLite file: every write on one {@link GroupCommitWriter} thread, reads on a few connections. */
final class SqliteDatabase implements Database {
    private final Dialect dialect = new SqliteDialect();
    private final SqlFile sql = SqlFile.forDialect(dialect.name());
    private final GroupCommitWriter writer;
    private final ReadConnections readers;

    SqliteDatabase(Path file, int readers) throws SQLException {
        SqliteConnections connections = new SqliteConnections(file);
        this.writer = new GroupCommitWriter(connections.openWriter(), sql, dialect, 2048);
        this.readers = new ReadConnections(connections, sql, dialect, readers);
    }

    /**
     * On the writer thread inside an application's work ({@code Tide.transaction}), Tide's writes join that work's
     * transaction: they run inline, under a savepoint of their own inside the work's.
     */
    @Override
    public <T> T write(SqlWork<T> work) {
        JoinedTransaction joined = JoinedTransaction.current();
        if (joined != null) {
            try {
                return joined.write(sql, dialect, work);
            } catch (SQLException e) {
                throw new StoreException("SQLite write in the transaction failed: " + e.getMessage(), e);
            }
        }
        return writer.submit(work);
    }

    /** Inside an application's work, reads see the work's writes: they run on the writer connection too. */
    @Override
    public <T> T read(SqlWork<T> work) {
        JoinedTransaction joined = JoinedTransaction.current();
        if (joined != null) {
            try {
                return joined.read(sql, dialect, work);
            } catch (SQLException e) {
                throw new StoreException("SQLite read in the transaction failed: " + e.getMessage(), e);
            }
        }
        return readers.read(work);
    }

    @Override
    public Dialect dialect() {
        return dialect;
    }

    SqlFile sql() {
        return sql;
    }

    GroupCommitWriter writer() {
        return writer;
    }

    void close() {
        writer.close();
        readers.close();
    }
}
