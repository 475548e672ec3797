package dev.tide.core.store.sqlite;

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
import org.junit.jupiter.api.Test;

/**
 * The task list's plans on SQLite over {@value TaskListPlanCases#ROWS} tasks, for every filter the Tasks page offers
 * ({@link TaskListPlanCases}), with and without the table's statistics (Tide never runs ANALYZE on SQLite, so the plans
 * without are the ones that count): no step reads the whole table ({@code SCAN tide_tasks} without an index).
 *
 * <p>The text search without any other filter walks the table in id order, allowed because it stops at a bound: it
 * reads at most {@link TaskListing#SCAN_ROWS} rows per page and then answers a partial page to continue from. Ready or
 * leased tasks with no other equality filter read their state's own index whole and sort it
 * ({@link TaskListPlanCases#hotStateAlone}): no index orders them by id, since one would move at every claim and
 * acknowledgement.
 */
class SqliteTaskListPlanTest {
    private static Path folder;
    private static Tide tide;
    private static JdbcTaskReads reads;

    @BeforeAll
    static void fill() throws SQLException {
        folder = TempFolders.create("tide-list-plan-");
        tide = Tide.builder()
                .sqlite(folder)
                .config(TideConfig.defaults().withMaintenanceInterval(null))
                .listIndexes(true)
                .build();
        reads = (JdbcTaskReads) TideInternals.store(tide).reads();
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + folder.resolve("tide.db"));
                Statement st = c.createStatement()) {
            st.execute("PRAGMA busy_timeout = 10000");
            st.execute("INSERT INTO tide_tasks (" + TaskListPlanCases.COLUMNS + ", dispatch_key)"
                    + " WITH RECURSIVE n(g) AS (SELECT 1 UNION ALL SELECT g + 1 FROM n WHERE g < "
                    + TaskListPlanCases.ROWS + ") " + TaskListPlanCases.selectRows("g") + ", x'00' FROM n");
        }
    }

    @AfterAll
    static void close() {
        if (tide != null) {
            tide.close();
        }
        TempFolders.delete(folder);
    }

    @Test
    void everyFilterReadsAnIndexNeverTheWholeTable() throws SQLException {
        for (boolean analyzed : new boolean[] {false, true}) {
            if (analyzed) {
                try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + folder.resolve("tide.db"));
                        Statement st = c.createStatement()) {
                    st.execute("PRAGMA busy_timeout = 10000");
                    st.execute("ANALYZE");
                }
            }
            for (Map.Entry<String, TaskQuery> c : TaskListPlanCases.cases().entrySet()) {
                TaskQuery query = c.getValue();
                List<String> plans = reads.taskListPlans(new TaskListing(query, TaskListPlanCases.SCAN_ROWS));
                String page = String.join("\n", plans.subList(0, plans.indexOf("")));
                String all = String.join("\n", plans);
                String as = c.getKey() + (analyzed ? " (analyzed)" : "") + ":\n" + all;
                if (!TaskListPlanCases.hotStateAlone(query)) {
                    assertThat(page)
                            .as("walking a whole index and sorting it: %s", as)
                            .doesNotContainPattern("SCAN tide_tasks USING[^\\n]*\\nUSE TEMP B-TREE");
                }
                if (TaskListPlanCases.textAlone(query)) {
                    // The bounded search: the table in id order, at most SCAN_ROWS rows (LIMIT) per page.
                    assertThat(page).as(as).startsWith("CO-ROUTINE s\nSCAN tide_tasks\nSCAN s");
                } else {
                    assertThat(page).as(as).containsPattern("USING (COVERING )?INDEX|PRIMARY KEY");
                    assertThat(all).as(as).doesNotContainPattern("(?m)^SCAN tide_tasks$");
                }
            }
        }
    }
    /** Counts read at most 10,000 matching rows: past that SQLite says "10,000 or more". */
    @Test
    void countsAreExactUpToTenThousandAndALowerBoundPast() {
        assertThat(reads.taskCountMatching(TaskListing.of(TaskQuery.all().withQueue("q1"))))
                .isEqualTo(new TaskCount(TaskListPlanCases.ROWS / 5, false));
        assertThat(reads.taskCountMatching(TaskListing.of(TaskQuery.all().withState(TaskState.FINISHED))))
                .isEqualTo(new TaskCount(TaskListing.EXACT_COUNT_ROWS, true));
    }
}
