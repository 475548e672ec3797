package dev.tide.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tide.api.Ack;
import dev.tide.api.ClaimRequest;
import dev.tide.api.LeasedTask;
import dev.tide.api.NewTask;
import dev.tide.api.TaskType;
import dev.tide.client.TideClient;
import dev.tide.core.Tide;
import dev.tide.core.TideConfig;
import dev.tide.core.testing.TestUsers;
import dev.tide.core.time.ManualClock;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code /metrics} after known operations over real HTTP, and {@code /readyz} while serving, stopping and broken. */
class MetricsAndProbesTest {
    @TempDir
    Path folder;

    PrometheusMeterRegistry prometheus = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
    Tide engine;
    String token;

    @BeforeEach
    void openEngine() {
        engine = Tide.builder()
                .sqlite(folder)
                .clock(new ManualClock(Instant.parse("2030-01-07T09:00:00Z")))
                .config(TideConfig.defaults().withMaintenanceInterval(null))
                .meterRegistry(prometheus)
                .build();
        token = TestUsers.adminToken(engine.accounts());
    }

    @AfterEach
    void closeEngine() {
        engine.close();
    }

    @Test
    void countsWhatWasEnqueuedClaimedAndAcknowledgedAndReadsTheDepths() {
        try (TideServer server = TideServer.builder(engine).port(0).build().start();
                TideClient client =
                        TideClient.builder(server.uri()).token(token).build();
                RawHttp raw = new RawHttp(server.uri(), token)) {
            client.defineTaskType(TaskType.named("a").withMaxAttempts(1));
            for (int i = 0; i < 3; i++) {
                client.enqueue(NewTask.builder("a").owner("ada").build());
            }
            List<LeasedTask> claimed = client.claim(ClaimRequest.of("default", "w", 2));
            assertThat(claimed).hasSize(2);
            client.ack(Ack.succeed(claimed.get(0).lease()));
            client.ack(Ack.builder(claimed.get(1).lease()).message("broken").fail());

            RawHttp.Answer scrape = raw.get("metrics");

            assertThat(scrape.status()).isEqualTo(200);
            assertThat(scrape.header("Content-Type")).startsWith("text/plain; version=0.0.4");
            String text = scrape.text();
            Map<String, String> a = Map.of("queue", "default", "type", "a");
            assertThat(value(text, "tide_tasks_enqueued_total", a)).isEqualTo(3.0);
            assertThat(value(text, "tide_tasks_claimed_total", a)).isEqualTo(2.0);
            assertThat(value(text, "tide_tasks_acknowledged_total", with(a, "outcome", "succeeded")))
                    .isEqualTo(1.0);
            assertThat(value(text, "tide_tasks_acknowledged_total", with(a, "outcome", "failed")))
                    .isEqualTo(1.0);
            assertThat(value(text, "tide_tasks_claimed_by_user_total", Map.of("queue", "default", "user", "ada")))
                    .isEqualTo(2.0);
            assertThat(value(text, "tide_queue_depth", Map.of("queue", "default", "state", "ready")))
                    .isEqualTo(1.0);
            assertThat(value(text, "tide_queue_depth", Map.of("queue", "default", "state", "succeeded")))
                    .isEqualTo(1.0);
            assertThat(value(text, "tide_queue_depth", Map.of("queue", "default", "state", "failed")))
                    .isEqualTo(1.0);
            assertThat(value(text, "tide_leases_held", Map.of("queue", "default")))
                    .isEqualTo(0.0);
            assertThat(value(text, "tide_enqueue_latency_seconds_count", Map.of()))
                    .isEqualTo(3.0);
            assertThat(value(text, "tide_claim_latency_seconds_count", Map.of("queue", "default")))
                    .isEqualTo(1.0);
            assertThat(value(text, "tide_claim_latency_seconds_bucket", Map.of("queue", "default", "le", "+Inf")))
                    .isEqualTo(1.0);
            assertThat(text.lines().filter(l -> l.startsWith("tide_claim_latency_seconds_bucket")))
                    .hasSize(13);
        }
    }

    @Test
    void aLeaseHeldShowsAsLeasedAndHeld() {
        try (TideServer server = TideServer.builder(engine).port(0).build().start();
                RawHttp raw = new RawHttp(server.uri(), token)) {
            engine.enqueue(NewTask.builder("b").queue("mail").build());
            engine.claim(ClaimRequest.of("mail", "w", 1).withLease(Duration.ofMinutes(5)));

            String text = raw.get("metrics").text();

            assertThat(value(text, "tide_leases_held", Map.of("queue", "mail"))).isEqualTo(1.0);
            assertThat(value(text, "tide_queue_depth", Map.of("queue", "mail", "state", "leased")))
                    .isEqualTo(1.0);
            assertThat(value(text, "tide_queue_depth", Map.of("queue", "mail", "state", "ready")))
                    .isEqualTo(0.0);
        }
    }

    @Test
    void anEngineWithoutAPrometheusRegistryGetsTheDepthsOnly() {
        try (Tide plain = Tide.builder()
                        .sqlite(folder.resolve("plain"))
                        .config(TideConfig.defaults().withMaintenanceInterval(null))
                        .build();
                TideServer server = TideServer.builder(plain).port(0).build().start();
                RawHttp raw = new RawHttp(server.uri(), TestUsers.adminToken(plain.accounts()))) {
            plain.enqueue(NewTask.of("a", null));

            RawHttp.Answer scrape = raw.get("metrics");

            assertThat(scrape.status()).isEqualTo(200);
            assertThat(value(scrape.text(), "tide_queue_depth", Map.of("queue", "default", "state", "ready")))
                    .isEqualTo(1.0);
            assertThat(scrape.text()).doesNotContain("tide_tasks_enqueued_total");
        }
    }

    @Test
    void readyWhileServingUnreadyOnceAStopBegins() throws Exception {
        TideServer server = TideServer.builder(engine)
                .port(0)
                .drainDelay(Duration.ofSeconds(2))
                .build()
                .start();
        try (RawHttp raw = new RawHttp(server.uri(), token)) {
            RawHttp.Answer ready = raw.get("readyz");
            assertThat(ready.status()).isEqualTo(200);
            assertThat(ready.json().path("status").asText()).isEqualTo("ready");

            CompletableFuture<Void> stopping = CompletableFuture.runAsync(server::stop);
            RawHttp.Answer answer = raw.get("readyz");
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(1);
            while (answer.status() == 200 && System.nanoTime() < deadline) {
                Thread.sleep(20);
                answer = raw.get("readyz");
            }

            assertThat(answer.status()).isEqualTo(503);
            assertThat(answer.json().path("status").asText()).isEqualTo("unready");
            assertThat(answer.json().path("reason").asText()).contains("shutting down");
            assertThat(raw.get("v1/status").status()).isEqualTo(200); // still serving while it drains
            stopping.get(10, TimeUnit.SECONDS);
        }
    }

    @Test
    void unreadyWhenTheStoreIsClosedWhileStillLiveAndScraped() {
        try (TideServer server = TideServer.builder(engine).port(0).build().start();
                RawHttp raw = new RawHttp(server.uri(), token)) {
            engine.enqueue(NewTask.of("a", null));
            assertThat(raw.get("metrics").status()).isEqualTo(200);
            engine.close();

            RawHttp.Answer ready = raw.get("readyz");

            assertThat(ready.status()).isEqualTo(503);
            assertThat(ready.json().path("reason").asText()).startsWith("the store does not answer");
            assertThat(raw.get("healthz").status()).isEqualTo(200);
            RawHttp.Answer scrape = raw.get("metrics");
            assertThat(scrape.status())
                    .as("a token checked lately passes while the store is down")
                    .isEqualTo(200);
            assertThat(value(scrape.text(), "tide_tasks_enqueued_total", Map.of("queue", "default", "type", "a")))
                    .isEqualTo(1.0);
        }
    }

    private static Map<String, String> with(Map<String, String> tags, String key, String value) {
        java.util.Map<String, String> more = new java.util.HashMap<>(tags);
        more.put(key, value);
        return more;
    }

    /** The value of the one sample of {@code name} whose labels are exactly {@code labels}. */
    private static double value(String scrape, String name, Map<String, String> labels) {
        List<String> samples = scrape.lines()
                .filter(l -> l.startsWith(name + "{") || l.startsWith(name + " "))
                .filter(l -> labelsOf(l, name).equals(labels))
                .toList();
        assertThat(samples).as("samples of %s%s in:%n%s", name, labels, scrape).hasSize(1);
        String line = samples.get(0);
        return Double.parseDouble(line.substring(line.lastIndexOf(' ') + 1));
    }

    private static Map<String, String> labelsOf(String line, String name) {
        if (!line.startsWith(name + "{")) {
            return Map.of();
        }
        String inside = line.substring(name.length() + 1, line.indexOf('}'));
        java.util.Map<String, String> labels = new java.util.HashMap<>();
        for (String pair : inside.split(",")) {
            int eq = pair.indexOf('=');
            labels.put(pair.substring(0, eq), pair.substring(eq + 2, pair.length() - 1));
        }
        return labels;
    }
}
