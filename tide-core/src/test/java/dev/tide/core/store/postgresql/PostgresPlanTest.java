package dev.tide.core.store.postgresql;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tide.core.Tide;
import dev.tide.core.TideConfig;
import dev.tide.core.TideInternals;
import dev.tide.core.dispatch.DispatchKey;
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
 * The hot statements' plans on a table of 50,000 tasks (most of them ready): each is a range scan of its index and a
 * lookup by primary key, with no sort and no scan of the whole table, in the plan for given values and in the generic
 * plan PostgreSQL may cache for a prepared statement, before and after the table has statistics.
 */
class PostgresPlanTest {
    private static final int ROWS = 50_000;
    private static PostgresTestDatabase db;
    private static Tide tide;
    private static PostgresStore store;

    private static final Map<String, Object> CLAIM = Map.of(
            "queue",
            "default",
            "limit",
            100L,
            "owner",
            "w",
            "token",
            "t",
            "now",
            1_000L,
            "types",
            List.of("a", "b"),
            "late_lane",
            DispatchKey.LATE_LANE,
            "late_share",
            50L);

    @BeforeAll
    static void fill() throws SQLException {
        db = PostgresTestDatabase.create("pg_plan");
        tide = Tide.builder()
                .postgres(db.url())
                .clock(new ManualClock(Instant.parse("2030-01-01T00:00:00Z")))
                .config(TideConfig.defaults().withMaintenanceInterval(null))
                .build();
        store = (PostgresStore) TideInternals.store(tide);
        // Nine in ten ready in two queues, the rest finished or scheduled: a backlog as the claim meets it.
        execute("INSERT INTO tide_tasks (queue, type, owner, payload, priority, dispatch_key, run_at, state,"
                + " max_attempts, lease_ms, created_at, finished_at)"
                + " SELECT CASE WHEN g % 4 = 0 THEN 'other' ELSE 'default' END, CASE WHEN g % 2 = 0 THEN 'a' ELSE 'c' END,"
                + " '', '{}', 0, decode(lpad(to_hex(g % 977), 48, '0'), 'hex'), g,"
                + " CASE WHEN g % 10 = 0 THEN 'finished' WHEN g % 10 = 1 THEN 'scheduled' ELSE 'ready' END,"
                + " 5, 60000, 0, CASE WHEN g % 10 = 0 THEN g END"
                + " FROM generate_series(1, " + ROWS + ") g");
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
    void claimsScanTheReadyIndexInOrderAndLeaseByPrimaryKey() throws SQLException {
        for (boolean analyzed : new boolean[] {false, true}) {
            if (analyzed) {
                execute("ANALYZE tide_tasks");
            }
            assertThat(String.join("\n", store.explain("task_claim")))
                    .as("the generic plan knows no queue: each lane is a range of the ready index")
                    .contains("Index Cond: ((queue = $1) AND (dispatch_key < $2))")
                    .contains("Index Cond: ((queue = $5) AND (dispatch_key >= $6))")
                    .doesNotContain("Sort");
            for (String statement : List.of(
                    "task_claim+claim_unless_prohibited", "task_claim+claim_if_types+claim_unless_prohibited")) {
                for (String plan : plans(statement, CLAIM)) {
                    assertThat(plan)
                            .as("%s (analyzed: %s)", statement, analyzed)
                            .contains("Index Scan using tide_tasks_ready on tide_tasks")
                            .contains("Index Scan using tide_tasks_pkey on tide_tasks t")
                            .contains("LockRows")
                            .doesNotContain("Sort")
                            .doesNotContain("Seq Scan on tide_tasks");
                }
            }
        }
    }

    @Test
    void fairClaimsTakeTurnsFromTheUserIndexAndEachUsersKeyRange() throws SQLException {
        execute("INSERT INTO tide_users (queue, owner, key_from, key_to, pass, active)"
                + " SELECT 'fair', 'user-' || g, convert_to('user-' || g, 'UTF8') || '\\x00'::bytea,"
                + " convert_to('user-' || g, 'UTF8') || '\\x01'::bytea, decode(lpad(to_hex(g), 16, '0'), 'hex'),"
                + " (g % 2)::smallint FROM generate_series(1, 20000) g");
        execute("ANALYZE tide_users");
        execute("ANALYZE tide_tasks");
        Map<String, Object> turn = Map.of(
                "queue",
                "fair",
                "default_allocation",
                1L,
                "default_concurrency",
                2L,
                "limit",
                10L,
                "excluded",
                List.of("user-2"));
        for (String plan : plans(
                "fair_users_next+fair_under_cap+fair_unless_users+fair_unless_prohibited+fair_if_allocated", turn)) {
            assertThat(plan)
                    .contains("Index Scan using tide_users_turn on tide_users u")
                    .contains("LockRows")
                    .doesNotContain("Sort")
                    .doesNotContain("Seq Scan on tide_users");
        }
        Map<String, Object> user = Map.of(
                "queue",
                "default",
                "limit",
                10L,
                "owner",
                "w",
                "token",
                "t",
                "now",
                1_000L,
                "owners",
                List.of("user-1", "user-2"),
                "types",
                List.of("a"));
        for (String plan : plans("fair_claim_users+claim_if_types", user)) {
            assertThat(plan)
                    .contains("Index Scan using tide_tasks_ready on tide_tasks")
                    .contains("dispatch_key >= u.key_from")
                    .doesNotContain("Sort")
                    .doesNotContain("Seq Scan");
        }
        Map<String, Object> turns =
                Map.of("queue", "fair", "now", 1_000L, "turns", "[[\"user-1\", \"00\", 1], [\"user-2\", \"00\", 0]]");
        for (String plan : plans("fair_users_turn", turns)) {
            assertThat(plan).contains("tide_users_pkey").doesNotContain("Seq Scan");
        }
    }

    @Test
    void promotionAndPruningUseTheirIndexes() throws SQLException {
        execute("ANALYZE tide_tasks");
        for (String plan : plans("task_promote_due", Map.of("now", 10_000L, "limit", 1000L))) {
            assertThat(plan)
                    .contains("tide_tasks_scheduled")
                    .contains("tide_tasks_pkey")
                    .doesNotContain("Seq Scan");
        }
        for (String plan : plans("task_prune", Map.of("cutoff", 10_000L, "limit", 1000L))) {
            assertThat(plan)
                    .contains("tide_tasks_finished")
                    .contains("tide_tasks_pkey")
                    .doesNotContain("Seq Scan");
        }
        for (String plan : plans("task_lease_expired", Map.of("now", 10_000L, "limit", 1000L))) {
            assertThat(plan).contains("tide_tasks_lease_expiry").doesNotContain("Seq Scan");
        }
    }

    @Test
    void aWorkerNamesLeasesAreFoundThroughTheLeaseExpiryIndex() throws SQLException {
        // V002 and V019: lease_owner and lease_account have no index of their own; the leased tasks are few
        execute("ANALYZE tide_tasks");
        Map<String, Object> name = Map.of("owner", "w", "account", "carol", "token", "t", "now", 1L);
        for (String statement : List.of("task_lease_list", "task_lease_of_owner", "task_lease_resume")) {
            for (String plan : plans(statement, name)) {
                assertThat(plan)
                        .as(statement)
                        .contains("tide_tasks_lease_expiry")
                        .doesNotContain("Seq Scan");
            }
        }
    }

    /**
     * The Parking page's unparking, by owner, queue, received window or ids, reads the parked tasks' indexes
     * (tide_tasks_parked, V006; tide_tasks_parked_id, V025), an owner's waiting tasks (tide_tasks_owner_pending, V017)
     * or the ids named, for given values and in the generic plan.
     */
    @Test
    void unparkingReadsTheParkedTasksIndexes() throws SQLException {
        execute("ANALYZE tide_tasks");
        Map<String, Object> selection = Map.of(
                "owner",
                "ann",
                "queue",
                "default",
                "received_from",
                1L,
                "received_to",
                2L,
                "ids",
                List.of(1L, 2L),
                "now",
                5L);
        for (String statement : List.of(
                "task_unpark+park_if_owner",
                "task_unpark+park_if_queue",
                "task_unpark+park_if_received_from+park_if_received_to",
                "task_unpark+park_if_owner+park_if_queue+park_if_received_from",
                "task_unpark+park_if_ids")) {
            for (String plan : plans(statement, selection)) {
                assertThat(plan)
                        .as(statement)
                        .containsPattern("tide_tasks_(parked|parked_id|owner_pending|pkey) ")
                        .doesNotContain("Seq Scan");
            }
        }
    }

    @Test
    void bulkSettlementsAndExtensionsFindRowsByPrimaryKey() throws SQLException {
        execute("ANALYZE tide_tasks");
        Map<String, Object> settle = Map.of("now", 1L, "ids", List.of(1L, 2L, 3L), "tokens", List.of("a", "b", "c"));
        for (String plan : plans("task_settle_many", settle)) {
            assertThat(plan).contains("tide_tasks_pkey").doesNotContain("Seq Scan");
        }
        for (String plan : plans("task_lease_extend_many", settle)) {
            assertThat(plan).contains("tide_tasks_pkey").doesNotContain("Seq Scan");
        }
    }

    @Test
    void singleRowStatementsFindTheirRowByPrimaryKey() throws SQLException {
        execute("ANALYZE tide_tasks");
        Map<String, Object> one = Map.of("id", 7L, "token", "t", "now", 1L, "owner", "w", "state", "ready");
        for (String statement :
                List.of("task_finish", "task_reschedule", "task_lease_extend", "task_claim_by_id", "task_retry")) {
            for (String plan : plans(statement, one)) {
                assertThat(plan).as(statement).contains("tide_tasks_pkey").doesNotContain("Seq Scan on tide_tasks");
            }
        }
    }

    /** The plan for these values, and the generic plan. */
    @Test
    void bulkActionsFindTheRunningOnesAndTheirNextBatchByIndex() throws SQLException {
        execute("INSERT INTO tide_bulk_actions (action, state, owner, created_at)"
                + " SELECT 'cancel', CASE WHEN g % 1000 = 0 THEN 'running' ELSE 'done' END, 'user-' || (g % 100), g"
                + " FROM generate_series(1, 20000) g");
        execute("INSERT INTO tide_bulk_action_tasks (bulk_id, task_id)"
                + " SELECT g % 20 * 1000, g FROM generate_series(1, 50000) g");
        execute("ANALYZE tide_bulk_actions");
        execute("ANALYZE tide_bulk_action_tasks");
        Map<String, Object> take = Map.of("node", "n", "now", 1_000L, "until", 2_000L);
        for (String plan : plans("bulk_take", take)) {
            assertThat(plan).contains("tide_bulk_actions_running").doesNotContain("Seq Scan");
        }
        assertThat(String.join("\n", store.explain("bulk_any_running")))
                .contains("tide_bulk_actions_running")
                .doesNotContain("Seq Scan");
        for (String plan : plans("bulk_batch_tasks", Map.of("bulk_id", 1_000L, "limit", 1_000L))) {
            assertThat(plan)
                    .contains("tide_bulk_action_tasks_pkey")
                    .doesNotContain("Seq Scan")
                    .doesNotContain("Sort");
        }
        for (String plan : plans("bulk_recent_of_owner", Map.of("owner", "user-7", "limit", 50L))) {
            assertThat(plan)
                    .contains("tide_bulk_actions_owner")
                    .doesNotContain("Seq Scan")
                    .doesNotContain("Sort");
        }
        for (String plan : plans("bulk_batch_forget", Map.of("bulk_id", 1_000L, "last_task_id", 10L))) {
            assertThat(plan).contains("tide_bulk_action_tasks_pkey").doesNotContain("Seq Scan");
        }
    }

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
