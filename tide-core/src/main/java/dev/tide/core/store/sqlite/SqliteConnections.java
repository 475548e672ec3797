package dev.tide.core.store.sqlite;

import dev.tide.core.store.jdbc.SqlCounter;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * Opens connections to one SQLite file with Tide's settings. The durability settings are not negotiable: WAL, and
 * {@code synchronous=FULL} so that a commit is on disk (the WAL fsynced) before anyone is told it happened. Every
 * statement the store sends goes through these connections, which is where a {@link SqlCounter} counts them.
 */
final class SqliteConnections {
    private final String url;

    SqliteConnections(Path file) {
        this.url = "jdbc:sqlite:" + file.toAbsolutePath();
    }

    /** The one connection that writes. */
    Connection openWriter() throws SQLException {
        Connection c = DriverManager.getConnection(url);
        try (Statement st = c.createStatement()) {
            st.execute("PRAGMA journal_mode=WAL");
            st.execute("PRAGMA synchronous=FULL");
            st.execute("PRAGMA busy_timeout=10000");
            st.execute("PRAGMA temp_store=MEMORY");
            st.execute("PRAGMA cache_size=-65536"); // 64 MiB of page cache, outside the Java heap
        }
        return SqlCounter.counted(c);
    }

    /** A connection that may only read; WAL lets it read while the writer writes. */
    Connection openReader() throws SQLException {
        Connection c = DriverManager.getConnection(url);
        try (Statement st = c.createStatement()) {
            st.execute("PRAGMA busy_timeout=10000");
            st.execute("PRAGMA cache_size=-16384");
            st.execute("PRAGMA query_only=ON");
        }
        return SqlCounter.counted(c);
    }

    String url() {
        return url;
    }
}
