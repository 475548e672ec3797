package dev.tide.core.store.postgresql;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tide.api.ClaimRequest;
import dev.tide.api.LeasedTask;
import dev.tide.api.NewTask;
import dev.tide.api.NodeInfo;
import dev.tide.core.Tide;
import dev.tide.core.TideConfig;
import dev.tide.core.testing.PostgresTestDatabase;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Two nodes on one schema: wake-ups travel by NOTIFY, maintenance leadership moves when its holder goes, and running
 * nodes record themselves in the nodes registry from their own threads.
 */
class PostgresNodesTest {
    /** Far longer than any wake-up may take: a claim that returns sooner was woken, not polling. */
    private static final Duration POLL = Duration.ofSeconds(30);

    private PostgresTestDatabase db;

    @BeforeEach
    void createSchema() {
        db = PostgresTestDatabase.create("pg_nodes");
    }

    @AfterEach
    void dropSchema() {
        db.close();
    }

    @Test
    void anEnqueueOnOneNodeWakesAClaimWaitingOnAnother() throws Exception {
        try (Tide a = node("a");
                Tide b = node("b")) {
            assertWakes(a, b, "q1");
            assertWakes(b, a, "q1");
        }
    }

    @Test
    void wakeUpsResumeAfterTheListenConnectionIsCut() throws Exception {
        try (Tide a = node("a");
                Tide b = node("b")) {
            int cut = terminate(
                    "SELECT pid FROM pg_stat_activity WHERE application_name = 'tide listener " + db.schema() + "'");
            assertThat(cut).isEqualTo(2);
            awaitTrue(
                    () -> count("SELECT COUNT(*) FROM pg_stat_activity WHERE application_name = 'tide listener "
                                    + db.schema() + "'")
                            == 2,
                    Duration.ofSeconds(10));
            assertWakes(a, b, "q2");
        }
    }

    @Test
    void leadershipMovesWhenTheLeaderClosesOrLosesItsSession() throws Exception {
        Tide first = node("first");
        try (Tide second = node("second")) {
            assertThat(first.passes().runMaintenance()).isTrue();
            assertThat(first.passes().runMaintenance()).as("keeps leading").isTrue();
            assertThat(second.passes().runMaintenance()).isFalse();

            first.close();
            assertThat(second.passes().runMaintenance()).isTrue();

            try (Tide third = node("third")) {
                assertThat(third.passes().runMaintenance()).isFalse();
                // The leader's process "dies": its session ends without a word to the node.
                assertThat(terminate("SELECT pid FROM pg_locks WHERE locktype = 'advisory' AND granted"
                                + " AND classid = 1953064038 AND objid = hashtext('" + db.schema() + "')::oid"))
                        .isEqualTo(1);
                awaitTrue(third.passes()::runMaintenance, Duration.ofSeconds(10));
                assertThat(second.passes().runMaintenance())
                        .as("learns it lost the lock")
                        .isFalse();
                assertThat(third.passes().runMaintenance()).isTrue();
            }
            assertThat(second.passes().runMaintenance())
                    .as("wins again on a new session")
                    .isTrue();
        } finally {
            first.close();
        }
    }

    @Test
    void runningNodesRecordThemselvesSeeEachOtherAndAClosedOneIsMarkedStopped() throws Exception {
        try (Tide a = runningNode("a")) {
            Tide b = runningNode("b");
            try {
                awaitTrue(() -> states(a).equals(List.of("a live", "b live")), Duration.ofSeconds(10));
                assertThat(b.monitoring().nodes()).extracting(NodeInfo::name).containsExactly("a", "b");
            } finally {
                b.close();
            }
            assertThat(states(a)).as("marked as it closed").containsExactly("a live", "b stopped");
        }
    }

    private static List<String> states(Tide seenFrom) {
        return seenFrom.monitoring().nodes().stream()
                .map(n -> n.name() + " " + n.state().wireName())
                .toList();
    }

    /** A node with its background services running, on the real clock: its heartbeat's thread writes its record. */
    private Tide runningNode(String name) {
        return Tide.builder()
                .postgres(db.url())
                .config(TideConfig.defaults().withPollInterval(POLL).withNodeName(name))
                .build();
    }

    /** A claim waiting on {@code waiter} returns the task enqueued on {@code producer}, long before a poll would. */
    private static void assertWakes(Tide waiter, Tide producer, String queue) throws Exception {
        CompletableFuture<List<LeasedTask>> claim = CompletableFuture.supplyAsync(
                () -> waiter.claim(ClaimRequest.of(queue, "w", 1).withWait(Duration.ofSeconds(20))));
        Thread.sleep(300); // the claim is waiting now (if not, it finds the task at once: still a pass)
        long start = System.nanoTime();
        long id = producer.enqueue(NewTask.builder("t").queue(queue).build()).id();
        List<LeasedTask> got = claim.get();
        Duration took = Duration.ofNanos(System.nanoTime() - start);
        assertThat(got).extracting(LeasedTask::id).containsExactly(id);
        assertThat(took).isLessThan(Duration.ofSeconds(2));
    }

    private Tide node(String name) {
        return Tide.builder()
                .postgres(db.url())
                .config(TideConfig.defaults()
                        .withMaintenanceInterval(null)
                        .withPollInterval(POLL)
                        .withNodeName(name))
                .build();
    }

    /** Terminates the sessions whose pids the query lists; returns how many. */
    private int terminate(String pidQuery) throws SQLException {
        return (int) count("SELECT COUNT(*) FROM (SELECT pg_terminate_backend(pid) FROM (" + pidQuery + ") p) t");
    }

    private long count(String sql) {
        try (Connection c = DriverManager.getConnection(PostgresTestDatabase.baseUrl());
                Statement st = c.createStatement();
                ResultSet rs = st.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    private static void awaitTrue(BooleanSupplier condition, Duration within) throws InterruptedException {
        long until = System.nanoTime() + within.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > until) {
                throw new AssertionError("not true within " + within);
            }
            Thread.sleep(50);
        }
    }
}
