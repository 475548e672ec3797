package dev.tide.core.store.postgresql;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tide.api.TaskCount;
import dev.tide.api.TaskQuery;
import dev.tide.api.TaskState;
import dev.tide.core.Tide;
import dev.tide.core.TideConfig;
import dev.tide.core.TideInternals;
import dev.tide.core.store.TaskListPlanCases;
import dev.tide.core.store.TaskListing;
import dev.tide.core.store.jdbc.JdbcTaskReads;
import dev.tide.core.testing.PostgresTestDatabase;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The task list's plans on PostgreSQL over {@value TaskListPlanCases#ROWS} tasks, analyzed, for every filter the Tasks
 * page offers ({@link TaskListPlanCases}), with the values bound: no step is a {@code Seq Scan on tide_tasks}. Error
 * text reads the trigram index (pg_trgm is available here, so V021 made it).
 */
class PostgresTaskListPlanTest {
    private static PostgresTestDatabase db;
    private static Tide tide;
    private static JdbcTaskReads reads;

    @BeforeAll
    static void fill() throws SQLException {
        db = PostgresTestDatabase.create("pg_list_plan");
        tide = Tide.builder()
                .postgres(db.url())
                .config(TideConfig.defaults().withMaintenanceInterval(null))
                .listIndexes(true)
                .build();
        reads = (JdbcTaskReads) TideInternals.store(tide).reads();
        try (Connection c = DriverManager.getConnection(db.url());
                Statement st = c.createStatement()) {
            st.execute("INSERT INTO tide_tasks (" + TaskListPlanCases.COLUMNS + ", dispatch_key) "
                    + TaskListPlanCases.selectRows("g") + ", '\\x00'::bytea FROM generate_series(1, "
                    + TaskListPlanCases.ROWS + ") g");
            // VACUUM as autovacuum would: it also moves the GIN index's pending list (rows inserted since it was built)
            // in.
            st.execute("VACUUM ANALYZE tide_tasks");
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

    @Test
    void everyFilterReadsAnIndexNeverTheWholeTable() {
        for (Map.Entry<String, TaskQuery> c : TaskListPlanCases.cases().entrySet()) {
            TaskQuery query = c.getValue();
            List<String> plans = reads.taskListPlans(new TaskListing(query, TaskListPlanCases.SCAN_ROWS));
            String all = String.join("\n", plans);
            assertThat(all).as(c.getKey() + ":\n" + all).doesNotContain("Seq Scan on tide_tasks");
            if (query.errorText() != null) {
                assertThat(all).as(c.getKey() + ":\n" + all).contains("tide_tasks_message_trgm");
            }
        }
    }
    /** Counts read at most 10,000 matching rows: past that PostgreSQL's planner estimates (13,000 finished here). */
    @Test
    void countsAreExactUpToTenThousandAndThePlannersEstimatePast() {
        assertThat(reads.taskCountMatching(TaskListing.of(TaskQuery.all().withQueue("q1"))))
                .isEqualTo(new TaskCount(TaskListPlanCases.ROWS / 5, false));
        TaskCount finished =
                reads.taskCountMatching(TaskListing.of(TaskQuery.all().withState(TaskState.FINISHED)));
        assertThat(finished.estimated()).isTrue();
        assertThat(finished.value()).isBetween(11_000L, 15_000L);
    }
}
