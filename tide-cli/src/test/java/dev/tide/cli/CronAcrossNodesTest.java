package dev.tide.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tide.api.Misfire;
import dev.tide.api.NewTask;
import dev.tide.api.Schedule;
import dev.tide.api.json.Json;
import dev.tide.cli.testing.ChildJvm;
import dev.tide.client.TideClient;
import dev.tide.core.testing.Ledger;
import dev.tide.core.testing.PostgresTestDatabase;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A schedule firing every second, on two {@code tide server} processes over one PostgreSQL schema, with the node that
 * leads maintenance killed by SIGKILL half-way: counted from the store, every firing in the interval enqueued exactly
 * one task (the policy is {@code all}, so none may be missing across the leader change), and the handlers' ledger
 * shows no instance executed twice and every instance fired after the kill executed by the survivor.
 */
class CronAcrossNodesTest {
    private static final int SECONDS_BEFORE_KILL = 3;
    private static final int SECONDS_AFTER_KILL = 4;

    private static PostgresTestDatabase db;

    @BeforeAll
    static void database() {
        db = PostgresTestDatabase.create("cron_nodes");
        Ledger.open(db.url()).close(); // creates the ledger table before two processes race to
    }

    @AfterAll
    static void drop() {
        if (db != null) {
            db.close();
        }
    }

    private static ChildJvm node(String name) {
        return ChildJvm.server(
                List.of("--db", db.url(), "--node", name),
                Map.of("TIDE_TEST_LEDGER", db.url(), "TIDE_TEST_NODE", name, "TIDE_TEST_TYPES", "tick"),
                List.of());
    }

    private static boolean leads(String url) {
        try {
            HttpResponse<String> response = HttpClient.newHttpClient()
                    .send(
                            HttpRequest.newBuilder(URI.create(url + "healthz")).build(),
                            HttpResponse.BodyHandlers.ofString());
            return Boolean.TRUE.equals(Json.read(response.body(), Map.class).get("maintenanceLeader"));
        } catch (Exception e) {
            return false;
        }
    }

    /** One instance of the schedule as stored: its firing, and how often the handlers ran it. */
    record Instance(Instant firing, long runs) {}

    private static List<Instance> instances() throws Exception {
        List<Instance> out = new ArrayList<>();
        try (Connection c = DriverManager.getConnection(db.url());
                Statement st = c.createStatement();
                ResultSet rs = st.executeQuery("SELECT t.run_at, (SELECT COUNT(*) FROM ledger_executions l"
                        + " WHERE l.task_id = t.id) AS runs FROM tide_tasks t"
                        + " WHERE t.idempotency_key LIKE 'schedule:tick:%' ORDER BY t.run_at, t.id")) {
            while (rs.next()) {
                out.add(new Instance(Instant.ofEpochMilli(rs.getLong(1)), rs.getLong(2)));
            }
        }
        return out;
    }

    @Test
    void eachFiringIsEnqueuedOnceAcrossTwoNodesAlsoWhenTheLeaderIsKilled() throws Exception {
        try (ChildJvm a = node("node-a");
                ChildJvm b = node("node-b")) {
            String urlA = a.awaitServerUrl();
            String urlB = b.awaitServerUrl();
            try (TideClient client = ServerClients.connect(urlA, List.of("--db", db.url()))) {
                client.schedules()
                        .define(Schedule.of("tick", "* * * * * *", NewTask.of("tick", Map.of()))
                                .withMisfire(Misfire.ALL, null));
            }
            Thread.sleep(SECONDS_BEFORE_KILL * 1000L);
            boolean aLeads = leads(urlA);
            assertThat(aLeads || leads(urlB)).as("a leader").isTrue();
            ChildJvm leader = aLeads ? a : b;
            String survivor = aLeads ? urlB : urlA;
            leader.kill9();
            Instant killedAt = Instant.now();
            Thread.sleep(SECONDS_AFTER_KILL * 1000L);
            try (TideClient client = ServerClients.connect(survivor, List.of("--db", db.url()))) {
                client.schedules().pause("tick");
            }
            Thread.sleep(500); // let the survivor's workers finish the last instances

            List<Instance> fired = instances();
            assertThat(fired.size())
                    .as("about one per second")
                    .isGreaterThanOrEqualTo(SECONDS_BEFORE_KILL + SECONDS_AFTER_KILL - 2);
            for (int i = 1; i < fired.size(); i++) {
                assertThat(Duration.between(
                                fired.get(i - 1).firing(), fired.get(i).firing()))
                        .as("firing %d follows %d by one second: none twice, none missing", i, i - 1)
                        .isEqualTo(Duration.ofSeconds(1));
            }
            assertThat(fired.get(fired.size() - 1).firing())
                    .as("the survivor went on firing")
                    .isAfter(killedAt.plusSeconds(2));
            assertThat(fired)
                    .as("no instance executed twice")
                    .allSatisfy(i -> assertThat(i.runs()).isLessThanOrEqualTo(1));
            assertThat(fired.stream().filter(i -> i.firing().isAfter(killedAt.plusSeconds(1))))
                    .as("instances fired after the kill, executed once by the survivor")
                    .isNotEmpty()
                    .allSatisfy(i -> assertThat(i.runs()).isEqualTo(1));
        }
    }
}
