package dev.tide.core.store.postgresql;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tide.api.TaskCount;
import dev.tide.api.TaskInfo;
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
 *
 * <p>The list's indexes are opt-in: errors only and the Workers and Parking pages' listings are planned on a second
 * schema without them too, whose errors are rare (a page walking the table in id order would read most of it).
 */
class PostgresTaskListPlanTest {
    private static PostgresTestDatabase db;
    private static Tide tide;
    private static JdbcTaskReads reads;
    /** Without the list's opt-in indexes, and with errors as rare as a service's. */
    private static PostgresTestDatabase bareDb;

    private static Tide bare;
    private static JdbcTaskReads bareReads;

    @BeforeAll
    static void fill() throws SQLException {
        db = PostgresTestDatabase.create("pg_list_plan");
        tide = open(db, true);
        reads = (JdbcTaskReads) TideInternals.store(tide).reads();
        bareDb = PostgresTestDatabase.create("pg_list_plan_bare");
        bare = open(bareDb, false);
        bareReads = (JdbcTaskReads) TideInternals.store(bare).reads();
        execute(bareDb, TaskListPlanCases.RARE_ERRORS, "VACUUM ANALYZE tide_tasks");
    }

    /** An engine on the schema, with or without the list's indexes, filled with the cases' rows and analyzed. */
    private static Tide open(PostgresTestDatabase schema, boolean listIndexes) throws SQLException {
        Tide opened = Tide.builder()
                .postgres(schema.url())
                .config(TideConfig.defaults().withMaintenanceInterval(null))
                .listIndexes(listIndexes)
                .build();
        execute(
                schema,
                "INSERT INTO tide_tasks (" + TaskListPlanCases.COLUMNS + ", dispatch_key) "
                        + TaskListPlanCases.selectRows("g") + ", '\\x00'::bytea FROM generate_series(1, "
                        + TaskListPlanCases.ROWS + ") g",
                // VACUUM as autovacuum would: it also moves the GIN index's pending list (rows inserted since it was
                // built) in.
                "VACUUM ANALYZE tide_tasks");
        return opened;
    }

    private static void execute(PostgresTestDatabase schema, String... sql) throws SQLException {
        try (Connection c = DriverManager.getConnection(schema.url());
                Statement st = c.createStatement()) {
            for (String statement : sql) {
                st.execute(statement);
            }
        }
    }

    @AfterAll
    static void drop() {
        for (Tide t : new Tide[] {tide, bare}) {
            if (t != null) {
                t.close();
            }
        }
        for (PostgresTestDatabase schema : new PostgresTestDatabase[] {db, bareDb}) {
            if (schema != null) {
                schema.close();
            }
        }
    }

    @Test
    void everyFilterReadsAnIndexNeverTheWholeTable() {
        for (Map.Entry<String, TaskQuery> c : TaskListPlanCases.cases().entrySet()) {
            String all = assertReadsAnIndex(reads, c.getKey(), c.getValue());
            if (c.getValue().errorText() != null) {
                assertThat(all).as(c.getKey() + ":\n" + all).contains("tide_tasks_message_trgm");
            }
            if (c.getKey().equals("payload")) {
                assertThat(all).as(c.getKey() + ":\n" + all).contains("tide_tasks_list_payload");
            }
        }
    }

    /**
     * The payload filter read through the containment index finds what reading the rows finds (the schema without the
     * list's indexes has the same payloads): a number given as text matches the number, a value nobody holds nothing.
     */
    @Test
    void thePayloadIndexFindsWhatReadingTheRowsFinds() {
        for (String value : new String[] {"77", "19999", "\"77\"", "nobody"}) {
            TaskQuery query = TaskQuery.all().withPayload("customer.id", value).withLimit(50);
            List<Long> indexed =
                    tide.tasks(query).items().stream().map(TaskInfo::id).toList();
            List<Long> read =
                    bare.tasks(query).items().stream().map(TaskInfo::id).toList();
            assertThat(indexed).as(value).isEqualTo(read);
        }
        assertThat(tide.tasks(TaskQuery.all().withPayload("customer.id", "77")).items())
                .extracting(TaskInfo::payload)
                .containsExactly("{\"customer\":{\"id\":77}}");
    }

    /**
     * Errors only, with and without the list's indexes, since its index (tide_tasks_errors, V025) is always there: with
     * no other filter, in id order, that index alone answers, either way and on any page.
     */
    @Test
    void errorsOnlyReadsItsIndexWithOrWithoutTheListIndexes() {
        for (Map.Entry<String, TaskQuery> c :
                TaskListPlanCases.errorsOnlyCases().entrySet()) {
            for (JdbcTaskReads r : List.of(reads, bareReads)) {
                String name = c.getKey() + (r == reads ? ", list indexes" : ", no list indexes");
                String all = assertReadsAnIndex(r, name, c.getValue());
                if (TaskListPlanCases.errorsAloneById(c.getValue())) {
                    String page = all.substring(0, all.indexOf("\n\n"));
                    assertThat(page)
                            .as(name + ":\n" + all)
                            .contains("tide_tasks_errors")
                            .doesNotContain("Sort");
                }
            }
        }
    }

    /** The Workers and Parking pages' listings read an index, without the list's indexes too. */
    @Test
    void theWorkersAndParkingListingsReadAnIndex() {
        for (Map.Entry<String, TaskQuery> c : TaskListPlanCases.pageListings().entrySet()) {
            for (JdbcTaskReads r : List.of(reads, bareReads)) {
                String name = c.getKey() + (r == reads ? ", list indexes" : ", no list indexes");
                String all = assertReadsAnIndex(r, name, c.getValue());
                assertThat(all.substring(0, all.indexOf("\n\n")))
                        .as("walking the table in id order: %s:%n%s", name, all)
                        .doesNotContain("tide_tasks_pkey");
            }
        }
    }

    /** Asserts the listing's plans read no whole table; answers them, statements apart by an empty line. */
    private static String assertReadsAnIndex(JdbcTaskReads reads, String name, TaskQuery query) {
        List<String> plans = reads.taskListPlans(new TaskListing(query, TaskListPlanCases.SCAN_ROWS));
        String all = String.join("\n", plans);
        assertThat(all).as(name + ":\n" + all).doesNotContain("Seq Scan on tide_tasks");
        return all;
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
