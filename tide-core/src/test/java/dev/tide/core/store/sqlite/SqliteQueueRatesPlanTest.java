package dev.tide.core.store.sqlite;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tide.core.Tide;
import dev.tide.core.TideConfig;
import dev.tide.core.TideInternals;
import dev.tide.core.store.contract.QueueRatesPlanContract;
import dev.tide.core.testing.TempFolders;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/**
 * The queue page's reads on SQLite: {@code EXPLAIN QUERY PLAN} searches their indexes, never scans a table, without
 * the tables' statistics (Tide never runs ANALYZE on SQLite). The fair queue's count reads its index in order (and
 * each row it names: a covering index would have to hold the state, fair and outcome columns its predicate already
 * fixes), at most {@link dev.tide.api.ServedTasks#LIMIT} entries.
 */
class SqliteQueueRatesPlanTest extends QueueRatesPlanContract {
    private static final String SERIES =
            " WITH RECURSIVE n(g) AS (SELECT 1 UNION ALL SELECT g + 1 FROM n WHERE g < " + ROWS + ") ";
    private static Path folder;
    private static Tide tide;

    @BeforeAll
    static void fill() throws SQLException {
        folder = TempFolders.create("tide-rates-plan-");
        tide = Tide.builder()
                .sqlite(folder)
                .config(TideConfig.defaults().withMaintenanceInterval(null))
                .build();
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + folder.resolve(SqliteStore.FILE_NAME));
                Statement st = c.createStatement()) {
            st.execute("PRAGMA busy_timeout = 10000");
            st.execute("INSERT INTO tide_tasks (" + TASK_COLUMNS + ", dispatch_key)" + SERIES + taskRows("g")
                    + ", x'00' FROM n");
            st.execute("INSERT INTO tide_stats (" + STATS_COLUMNS + ")" + SERIES + statsRows("g") + " FROM n");
        }
    }

    @AfterAll
    static void close() {
        if (tide != null) {
            tide.close();
        }
        TempFolders.delete(folder);
    }

    @Override
    protected Tide tide() {
        return tide;
    }

    @Override
    protected List<String> plans(String statement, Map<String, Object> parameters) {
        // SQLite plans a statement when it is prepared, before any value is bound
        return List.of(String.join("\n", ((SqliteStore) TideInternals.store(tide)).explain(statement)));
    }

    /** Its one plan, made before the values are bound, reads the first index. */
    @Override
    protected void assertReadsIndex(List<String> plans, String table, String... indexes) {
        for (String plan : plans) {
            assertThat(plan)
                    .as(plan)
                    .containsPattern("SEARCH " + table + " USING (COVERING )?INDEX " + indexes[0] + " ")
                    .doesNotContainPattern("(?m)^SCAN " + table + "( |$)");
        }
    }
}
