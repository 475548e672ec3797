package dev.tide.core.store.postgresql;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tide.core.Tide;
import dev.tide.core.TideConfig;
import dev.tide.core.TideInternals;
import dev.tide.core.store.contract.QueueRatesPlanContract;
import dev.tide.core.testing.PostgresTestDatabase;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/**
 * The queue page's reads on PostgreSQL, vacuumed and analyzed, in the plan for the values given and in the generic plan
 * a prepared statement may keep: each reads its index, never a {@code Seq Scan} of the table. A fair queue's count is an
 * index-only scan, backward, of its partial index.
 */
class PostgresQueueRatesPlanTest extends QueueRatesPlanContract {
    private static PostgresTestDatabase db;
    private static Tide tide;

    @BeforeAll
    static void fill() throws SQLException {
        db = PostgresTestDatabase.create("pg_rates_plan");
        tide = Tide.builder()
                .postgres(db.url())
                .config(TideConfig.defaults().withMaintenanceInterval(null))
                .build();
        try (Connection c = DriverManager.getConnection(db.url());
                Statement st = c.createStatement()) {
            st.execute("INSERT INTO tide_tasks (" + TASK_COLUMNS + ", dispatch_key) " + taskRows("g")
                    + ", '\\x00'::bytea FROM generate_series(1, " + ROWS + ") g");
            st.execute("INSERT INTO tide_stats (" + STATS_COLUMNS + ") " + statsRows("g") + " FROM generate_series(1, "
                    + ROWS + ") g");
            st.execute("VACUUM ANALYZE tide_tasks");
            st.execute("VACUUM ANALYZE tide_stats");
        }
    }

    @AfterAll
    static void drop() {
        if (tide != null) {
            tide.close();
        }
        if (db != null) {
            db.close();
        }
    }

    @Override
    protected Tide tide() {
        return tide;
    }

    @Override
    protected List<String> plans(String statement, Map<String, Object> parameters) {
        PostgresStore store = (PostgresStore) TideInternals.store(tide);
        return List.of(
                String.join("\n", store.explain(statement, parameters)), String.join("\n", store.explain(statement)));
    }

    @Override
    protected void assertReadsIndex(List<String> plans, String table, String... indexes) {
        // "Index Scan using i on t", "Index Only Scan using i on t", "Bitmap Index Scan on i"
        assertThat(plans.get(0)).as(plans.get(0)).containsPattern("(using|Scan on) " + indexes[0] + "\\b");
        for (String plan : plans) {
            assertThat(plan)
                    .as(plan)
                    .containsPattern("(using|Scan on) (" + String.join("|", indexes) + ")\\b")
                    .doesNotContain("Seq Scan on " + table);
        }
    }
}
