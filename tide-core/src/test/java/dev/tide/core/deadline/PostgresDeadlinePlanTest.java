package dev.tide.core.deadline;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tide.core.Tide;
import dev.tide.core.TideConfig;
import dev.tide.core.TideInternals;
import dev.tide.core.store.postgresql.PostgresStore;
import dev.tide.core.testing.PostgresTestDatabase;
import dev.tide.core.time.ManualClock;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The deadline monitor's reads on 50,000 tasks (most unfinished, with deadlines, some warned, some done with) and
 * 5,000 jobs: a range of the deadline index, in deadline order with no sort when more is due than a batch, and never a
 * scan of a table, in the plan for given values and in the generic plan, before and after the tables have statistics.
 */
class PostgresDeadlinePlanTest {
    private static PostgresTestDatabase db;
    private static Tide tide;
    private static PostgresStore store;

    @BeforeAll
    static void fill() throws SQLException {
        db = PostgresTestDatabase.create("deadline_plan");
        tide = Tide.builder()
                .postgres(db.url())
                .clock(new ManualClock(Instant.parse("2030-01-01T00:00:00Z")))
                .config(TideConfig.defaults().withMaintenanceInterval(null))
                .build();
        store = (PostgresStore) TideInternals.store(tide);
        execute("INSERT INTO tide_jobs (type, owner, priority, deadline, state, created_at, deadline_notice)"
                + " SELECT 'j', '', 0, g * 10, CASE WHEN g % 5 = 0 THEN 'finished' ELSE 'open' END, 0, g % 3"
                + " FROM generate_series(1, 5000) g");
        execute("INSERT INTO tide_tasks (queue, type, job_id, owner, payload, priority, dispatch_key, run_at, deadline,"
                + " state, max_attempts, lease_ms, created_at, finished_at, deadline_notice)"
                + " SELECT 'default', 'a', CASE WHEN g % 2 = 0 THEN g % 5000 + 1 END, '', '{}', 0,"
                + " decode(lpad(to_hex(g), 48, '0'), 'hex'), 0, CASE WHEN g % 7 = 0 THEN NULL ELSE g END,"
                + " CASE WHEN g % 10 = 0 THEN 'finished' WHEN g % 10 = 1 THEN 'leased' ELSE 'ready' END,"
                + " 5, 60000, 0, CASE WHEN g % 10 = 0 THEN g END, g % 3"
                + " FROM generate_series(1, 50000) g");
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
    void dueDeadlinesAreARangeOfTheDeadlineIndexInDeadlineOrder() throws SQLException {
        // More due than one batch: the monitor behind (after downtime), or a burst of deadlines.
        Map<String, Object> many = Map.of("notice", 0L, "until", 25_000L, "limit", 100L);
        Map<String, Object> next = Map.of("notice", 1L);
        for (boolean analyzed : new boolean[] {false, true}) {
            if (analyzed) {
                analyze();
            }
            for (String statement : List.of("task_deadline_due", "job_deadline_due")) {
                for (String plan : plans(statement, many)) {
                    assertThat(plan)
                            .as("%s (analyzed: %s)", statement, analyzed)
                            .containsPattern(
                                    "Index Scan using tide_(tasks|jobs)_deadline_due on tide_(tasks|jobs) [tj]")
                            .doesNotContain("Sort")
                            .doesNotContain("Seq Scan");
                }
            }
            for (String statement : List.of("task_deadline_next", "job_deadline_next")) {
                for (String plan : plans(statement, next)) {
                    assertThat(plan)
                            .as("%s (analyzed: %s)", statement, analyzed)
                            .contains("_deadline_due")
                            .doesNotContain("Sort")
                            .doesNotContain("Seq Scan");
                }
            }
        }
    }

    @Test
    void aFewDueDeadlinesAreReadFromTheDeadlineIndexAlone() throws SQLException {
        // Fewer due than one batch, as between two passes: PostgreSQL may then read the range as a bitmap and sort
        // those few rows, never more than the range holds; the jobs are still found by key.
        analyze();
        Map<String, Object> few = Map.of("notice", 0L, "until", 2_000L, "limit", 500L);
        for (String plan : plans("task_deadline_due", few)) {
            assertThat(plan)
                    .contains("tide_tasks_deadline_due")
                    .contains("Index Cond: (id = t.job_id)")
                    .doesNotContain("Seq Scan");
        }
        for (String plan : plans("job_deadline_due", few)) {
            assertThat(plan).contains("tide_jobs_deadline_due").doesNotContain("Seq Scan");
        }
    }

    @Test
    void noticesAreMarkedByPrimaryKey() throws SQLException {
        analyze();
        Map<String, Object> mark = Map.of("raised", 1L, "notice", 0L, "id", 7L);
        for (String plan : plans("task_deadline_mark", mark)) {
            assertThat(plan).contains("tide_tasks_pkey").doesNotContain("Seq Scan");
        }
        for (String plan : plans("job_deadline_mark", mark)) {
            assertThat(plan)
                    .as("by primary key, or the open jobs' index on id")
                    .contains("Index Cond: (id = ")
                    .doesNotContain("Seq Scan");
        }
    }

    private static void analyze() throws SQLException {
        execute("ANALYZE tide_tasks");
        execute("ANALYZE tide_jobs");
    }

    /** The plan for these values, and the generic plan. */
    private static List<String> plans(String statement, Map<String, Object> values) {
        return List.of(
                String.join("\n", store.explain(statement, values)), String.join("\n", store.explain(statement)));
    }

    private static void execute(String sql) throws SQLException {
        try (Connection c = DriverManager.getConnection(db.url());
                Statement st = c.createStatement()) {
            st.execute(sql);
        }
    }
}
