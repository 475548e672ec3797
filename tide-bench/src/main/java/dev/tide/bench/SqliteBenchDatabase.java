package dev.tide.bench;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import dev.tide.core.store.sqlite.SqliteStore;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import javax.sql.DataSource;
import org.sqlite.SQLiteConfig;
import org.sqlite.SQLiteDataSource;

/** An SQLite file in a folder of its own, deleted on close. */
final class SqliteBenchDatabase implements BenchDatabase {
    private final Path folder;
    private final List<HikariDataSource> pools = new ArrayList<>();

    SqliteBenchDatabase(Path folder) {
        this.folder = folder;
        try {
            Files.createDirectories(folder);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public StoreKind kind() {
        return StoreKind.SQLITE;
    }

    @Override
    public String location() {
        return folder.toAbsolutePath().toString();
    }

    /** The same file and the same settings as Tide's writer: WAL, synchronous=FULL, a 64 MiB page cache. */
    @Override
    public DataSource dataSource(int poolSize) {
        SQLiteConfig config = new SQLiteConfig();
        config.setJournalMode(SQLiteConfig.JournalMode.WAL);
        config.setSynchronous(SQLiteConfig.SynchronousMode.FULL);
        config.setBusyTimeout(10_000);
        config.setTempStore(SQLiteConfig.TempStore.MEMORY);
        config.setCacheSize(-65_536);
        // Tide's writer begins every transaction IMMEDIATE; so do these connections. With deferred transactions, two
        // connections that read and then write deadlock, and SQLite fails one at once with SQLITE_BUSY.
        config.setTransactionMode(SQLiteConfig.TransactionMode.IMMEDIATE);
        SQLiteDataSource sqlite = new SQLiteDataSource(config);
        sqlite.setUrl("jdbc:sqlite:" + folder.resolve(SqliteStore.FILE_NAME).toAbsolutePath());
        HikariConfig pool = new HikariConfig();
        pool.setDataSource(sqlite);
        pool.setMaximumPoolSize(poolSize);
        pool.setPoolName("bench-sqlite");
        HikariDataSource dataSource = new HikariDataSource(pool);
        pools.add(dataSource);
        return dataSource;
    }

    @Override
    public void close() {
        pools.forEach(HikariDataSource::close);
        try (Stream<Path> files = Files.walk(folder)) {
            for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        } catch (IOException e) {
            System.err.println("bench: could not delete " + folder + ": " + e.getMessage());
        }
    }
}
