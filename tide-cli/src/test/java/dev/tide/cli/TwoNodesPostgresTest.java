package dev.tide.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tide.api.NewTask;
import dev.tide.api.json.Json;
import dev.tide.cli.testing.ChildJvm;
import dev.tide.client.TideClient;
import dev.tide.core.testing.Ledger;
import dev.tide.core.testing.PostgresTestDatabase;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Two {@code tide server} processes on one PostgreSQL database share the work: 10,000 tasks, each executed exactly once
 * (counted from a ledger table the handlers write), each node doing a real share. Then the maintenance leader is killed
 * with SIGKILL and the other node takes over its chores.
 */
class TwoNodesPostgresTest {
    private static PostgresTestDatabase db;

    @BeforeAll
    static void database() {
        db = PostgresTestDatabase.create("two_nodes");
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
                Map.of(
                        "TIDE_TEST_LEDGER",
                        db.url(),
                        "TIDE_TEST_NODE",
                        name,
                        "TIDE_TEST_TYPES",
                        "work",
                        "TIDE_TEST_CONCURRENCY",
                        "8"),
                List.of());
    }

    private static Map<?, ?> health(String url) throws Exception {
        HttpResponse<String> response = HttpClient.newHttpClient()
                .send(
                        HttpRequest.newBuilder(URI.create(url + "healthz")).build(),
                        HttpResponse.BodyHandlers.ofString());
        return Json.read(response.body(), Map.class);
    }

    private static void await(String what, Duration timeout, BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!condition.getAsBoolean()) {
            assertThat(System.nanoTime()).as(what).isLessThan(deadline);
            Thread.sleep(50);
        }
    }

    @Test
    void twoNodesShareTheWorkAndTheLeadershipMovesWhenTheLeaderDies() throws Exception {
        int n = 10_000;
        try (ChildJvm a = node("node-a");
                ChildJvm b = node("node-b");
                Ledger ledger = Ledger.open(db.url())) {
            String urlA = a.awaitServerUrl();
            String urlB = b.awaitServerUrl();
            try (TideClient tide = ServerClients.connect(urlA, List.of("--db", db.url()))) {
                List<NewTask> batch = new ArrayList<>();
                for (int i = 0; i < n; i++) {
                    batch.add(NewTask.of("work", Map.of("i", i)));
                    if (batch.size() == 1000) {
                        tide.enqueueAll(batch);
                        batch.clear();
                    }
                }
            }
            await("all executed", Duration.ofMinutes(3), () -> ledger.executions() >= n);
            Thread.sleep(500); // any double execution would show up now
            assertThat(ledger.reExecuted()).as("double executions").isEmpty();
            assertThat(ledger.executions()).isEqualTo(n);
            Map<String, Long> shares = ledger.byWorker();
            assertThat(shares.keySet()).containsExactlyInAnyOrder("node-a", "node-b");
            assertThat(shares.values()).allSatisfy(share -> assertThat(share).isGreaterThan(n / 10));

            // Exactly one leader; kill it, and the other takes over.
            await("a leader", Duration.ofSeconds(10), () -> leaders(urlA, urlB) == 1);
            boolean aLeads = Boolean.TRUE.equals(health(urlA).get("maintenanceLeader"));
            ChildJvm leader = aLeads ? a : b;
            String survivorUrl = aLeads ? urlB : urlA;
            leader.kill9();
            await("the survivor leads", Duration.ofSeconds(20), () -> {
                try {
                    return Boolean.TRUE.equals(health(survivorUrl).get("maintenanceLeader"));
                } catch (Exception e) {
                    return false;
                }
            });
            // Only the leader promotes delayed tasks: these run only if the survivor took over.
            try (TideClient tide = ServerClients.connect(survivorUrl, List.of("--db", db.url()))) {
                for (int i = 0; i < 50; i++) {
                    tide.enqueue(NewTask.builder("work")
                            .delay(Duration.ofSeconds(1))
                            .payload(i)
                            .build());
                }
            }
            await("delayed tasks done by the survivor", Duration.ofSeconds(30), () -> ledger.executions() >= n + 50);
            assertThat(ledger.reExecuted()).isEmpty();
        }
    }

    private static int leaders(String... urls) {
        int count = 0;
        for (String url : urls) {
            try {
                if (Boolean.TRUE.equals(health(url).get("maintenanceLeader"))) {
                    count++;
                }
            } catch (Exception e) {
                // not up
            }
        }
        return count;
    }
}
