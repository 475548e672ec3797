package dev.tide.core.stats;

import dev.tide.core.Tide;
import dev.tide.core.TideBuilder;
import dev.tide.core.store.sqlite.SqliteStore;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import org.junit.jupiter.api.io.TempDir;

class SqliteStatsTest extends StatsContract {
    @TempDir
    Path folder;

    @Override
    protected TideBuilder storage() {
        return Tide.builder().sqlite(folder).lockFolder(false);
    }

    @Override
    protected void execute(List<String> statements) throws SQLException {
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + folder.resolve(SqliteStore.FILE_NAME));
                Statement st = c.createStatement()) {
            for (String sql : statements) {
                st.execute(sql);
            }
        }
    }

    /** V012's table: SQLite cannot drop a primary key's column. */
    @Override
    protected List<String> statisticsPerTypeOnly() {
        return List.of(
                "DROP INDEX tide_tasks_fair_served",
                "DROP TABLE tide_stats",
                "CREATE TABLE tide_stats (task_type TEXT NOT NULL, hour_start INTEGER NOT NULL, slot INTEGER NOT NULL,"
                        + " started INTEGER NOT NULL DEFAULT 0, succeeded INTEGER NOT NULL DEFAULT 0,"
                        + " failed INTEGER NOT NULL DEFAULT 0, retried INTEGER NOT NULL DEFAULT 0,"
                        + " expired INTEGER NOT NULL DEFAULT 0, units_used INTEGER NOT NULL DEFAULT 0,"
                        + " PRIMARY KEY (task_type, hour_start, slot))",
                "CREATE INDEX tide_stats_hour ON tide_stats (hour_start)");
    }
}
