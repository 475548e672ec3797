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
 * acknowledgement. Errors only in another order than by id may read its own index whole and sort it: it holds the
 * errors alone.
 *
 * <p>The list's indexes are opt-in: errors only and the Workers and Parking pages' listings are planned on a second
 * store without them too, whose errors are rare (a page walking the table in id order would read most of it).
 */
class SqliteTaskListPlanTest {
    private static Path folder;
    private static Tide tide;
    private static JdbcTaskReads reads;
    /** Without the list's opt-in indexes, and with errors as rare as a service's. */
    private static Path bareFolder;

    private static Tide bare;
    private static JdbcTaskReads bareReads;

    @BeforeAll
    static void fill() throws SQLException {
        folder = TempFolders.create("tide-list-plan-");
        tide = open(folder, true);
        reads = (JdbcTaskReads) TideInternals.store(tide).reads();
        bareFolder = TempFolders.create("tide-list-plan-bare-");
        bare = open(bareFolder, false);
        bareReads = (JdbcTaskReads) TideInternals.store(bare).reads();
        execute(bareFolder, TaskListPlanCases.RARE_ERRORS);
    }

    /** An engine on a new store in {@code folder}, with or without the list's indexes, filled with the cases' rows. */
    private static Tide open(Path folder, boolean listIndexes) throws SQLException {
        Tide opened = Tide.builder()
                .sqlite(folder)
                .config(TideConfig.defaults().withMaintenanceInterval(null))
                .listIndexes(listIndexes)
                .build();
        execute(
                folder,
                "INSERT INTO tide_tasks (" + TaskListPlanCases.COLUMNS + ", dispatch_key)"
                        + " WITH RECURSIVE n(g) AS (SELECT 1 UNION ALL SELECT g + 1 FROM n WHERE g < "
                        + TaskListPlanCases.ROWS + ") " + TaskListPlanCases.selectRows("g") + ", x'00' FROM n");
        return opened;
    }

    private static void execute(Path folder, String sql) throws SQLException {
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + folder.resolve("tide.db"));
                Statement st = c.createStatement()) {
            st.execute("PRAGMA busy_timeout = 10000");
            st.execute(sql);
        }
    }

    @AfterAll
    static void close() {
        for (Tide t : new Tide[] {tide, bare}) {
            if (t != null) {
                t.close();
            }
        }
        TempFolders.delete(folder);
        TempFolders.delete(bareFolder);
    }

    /**
     * Every listing, before and after ANALYZE (on both stores at once: a test analyzing one while another expects it
     * without statistics would depend on their order): the Tasks page's filters with the list's indexes; errors only
     * with and without them, since its index (tide_tasks_errors, V025) is always there, and with no other filter that
     * index alone answers, in either order and on any page; the Workers and Parking pages' listings with and without.
     */
    @Test
    void everyFilterReadsAnIndexNeverTheWholeTable() throws SQLException {
        for (boolean analyzed : new boolean[] {false, true}) {
            if (analyzed) {
                execute(folder, "ANALYZE");
                execute(bareFolder, "ANALYZE");
            }
            String stats = analyzed ? " (analyzed)" : "";
            for (Map.Entry<String, TaskQuery> c : TaskListPlanCases.cases().entrySet()) {
                assertReadsAnIndex(reads, c.getKey() + stats, c.getValue());
            }
            for (Map.Entry<String, TaskQuery> c :
                    TaskListPlanCases.errorsOnlyCases().entrySet()) {
                for (JdbcTaskReads r : List.of(reads, bareReads)) {
                    String name = c.getKey() + (r == reads ? ", list indexes" : ", no list indexes") + stats;
                    String page = assertReadsAnIndex(r, name, c.getValue());
                    if (TaskListPlanCases.errorsAloneById(c.getValue())) {
                        assertThat(page).as(name + ":\n" + page).contains("tide_tasks_errors");
                    }
                }
            }
            for (Map.Entry<String, TaskQuery> c :
                    TaskListPlanCases.pageListings().entrySet()) {
                for (JdbcTaskReads r : List.of(reads, bareReads)) {
                    String name = c.getKey() + (r == reads ? ", list indexes" : ", no list indexes") + stats;
                    assertReadsAnIndex(r, name, c.getValue());
                }
            }
        }
    }

    /** Asserts the listing's plans read an index, never the whole table; answers the page's plan. */
    private static String assertReadsAnIndex(JdbcTaskReads reads, String name, TaskQuery query) {
        List<String> plans = reads.taskListPlans(new TaskListing(query, TaskListPlanCases.SCAN_ROWS));
        String page = String.join("\n", plans.subList(0, plans.indexOf("")));
        String all = String.join("\n", plans);
        String as = name + ":\n" + all;
        if (!TaskListPlanCases.hotStateAlone(query)) {
            // but the errors' own index, in another order than by id: it holds the errors alone
            assertThat(page)
                    .as("walking a whole index and sorting it: %s", as)
                    .doesNotContainPattern(
                            "SCAN tide_tasks USING (?!INDEX tide_tasks_errors\\n)[^\\n]*\\nUSE TEMP B-TREE");
        }
        if (TaskListPlanCases.textAlone(query)) {
            // The bounded search: the table in id order, at most SCAN_ROWS rows (LIMIT) per page.
            assertThat(page).as(as).startsWith("CO-ROUTINE s\nSCAN tide_tasks\nSCAN s");
        } else {
            assertThat(page).as(as).containsPattern("USING (COVERING )?INDEX|PRIMARY KEY");
            assertThat(all).as(as).doesNotContainPattern("(?m)^SCAN tide_tasks$");
        }
        return page;
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
