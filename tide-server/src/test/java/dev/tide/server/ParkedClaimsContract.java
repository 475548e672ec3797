package dev.tide.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tide.api.Ack;
import dev.tide.api.ClaimRequest;
import dev.tide.api.LeasedTask;
import dev.tide.api.NewTask;
import dev.tide.client.TideClient;
import dev.tide.core.Tide;
import dev.tide.core.testing.TestUsers;
import java.lang.management.ManagementFactory;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * 500 claims parked waiting for work (each an open connection and a request in flight) do not slow what must stay
 * prompt: the health and readiness probes and acknowledgements. Waiting claims run on virtual threads, so they hold no
 * platform thread either. The latencies seen are printed. One subclass per store: each waiting claim looks at the
 * store again every poll interval, so the store's connections are shared by the waiting and the acknowledging.
 */
abstract class ParkedClaimsContract {
    private static final int PARKED = 500;
    private static final int SAMPLES = 20;

    /** A fresh engine on the store under test, maintenance off. */
    abstract Tide open();

    /** The store's name in the printed report. */
    abstract String store();

    private Tide engine;
    private TideServer server;
    private TideClient client;
    private RawHttp raw;
    private String token;

    @BeforeEach
    void start() {
        engine = open();
        token = TestUsers.adminToken(engine.accounts());
        server = TideServer.builder(engine)
                .port(0)
                .maxClaimWait(Duration.ofSeconds(30))
                .build()
                .start();
        client = TideClient.builder(server.uri()).token(token).build();
        raw = new RawHttp(server.uri(), token);
    }

    @AfterEach
    void stop() {
        raw.close();
        client.close();
        server.stop();
        engine.close();
    }

    @Test
    void probesAndAcksAnswerPromptlyWhile500ClaimsWait() throws Exception {
        List<LeasedTask> leased = new ArrayList<>();
        for (int i = 0; i < SAMPLES; i++) {
            engine.enqueue(NewTask.of("email", null));
        }
        leased.addAll(engine.claim(ClaimRequest.of("default", "w", SAMPLES)));
        assertThat(leased).hasSize(SAMPLES);
        // connections of the probing clients opened beforehand: what is timed is answering, not connecting
        assertThat(raw.get("healthz").status()).isEqualTo(200);
        client.task(leased.get(0).task().id());
        double attemptsBefore = claimAttempts();
        int platformThreadsBefore = ManagementFactory.getThreadMXBean().getThreadCount();

        // the parking client shares this JVM: on virtual threads, it adds no platform threads of its own
        HttpClient parker = HttpClient.newBuilder()
                .version(HttpClient.Version.HTTP_1_1)
                .executor(Executors.newVirtualThreadPerTaskExecutor())
                .build();
        try {
            // waiting for a type nothing has, so that the tasks acknowledged below never satisfy them
            String claim = "{\"queue\":\"default\",\"worker\":\"parked\",\"limit\":1,\"types\":[\"nothing\"],"
                    + "\"waitFor\":\"PT20S\"}";
            List<CompletableFuture<HttpResponse<String>>> parked = new ArrayList<>();
            for (int i = 0; i < PARKED; i++) {
                HttpRequest request = HttpRequest.newBuilder(server.uri().resolve("v1/claims"))
                        .header("Authorization", "Bearer " + token)
                        .header("Content-Type", "application/json")
                        .POST(HttpRequest.BodyPublishers.ofString(claim))
                        .build();
                parked.add(parker.sendAsync(request, HttpResponse.BodyHandlers.ofString()));
            }
            awaitClaimAttempts(attemptsBefore + PARKED); // the claims reached the engine and park

            long[] health =
                    timeEach(() -> assertThat(raw.get("healthz").status()).isEqualTo(200));
            long[] ready = timeEach(() -> assertThat(raw.get("readyz").status()).isEqualTo(200));
            int[] next = {0};
            long[] acks =
                    timeEach(() -> client.ack(Ack.succeed(leased.get(next[0]++).lease())));
            int platformThreadsDuring = ManagementFactory.getThreadMXBean().getThreadCount();

            System.out.printf(
                    "ParkedClaims on %s: with %d claims parked, milliseconds (median / max): healthz %d / %d, "
                            + "readyz %d / %d, ack %d / %d; platform threads %d -> %d%n",
                    store(),
                    PARKED,
                    median(health),
                    max(health),
                    median(ready),
                    max(ready),
                    median(acks),
                    max(acks),
                    platformThreadsBefore,
                    platformThreadsDuring);
            assertThat(parked)
                    .as(() -> "the claims are still waiting; answered early: " + earlyAnswers(parked))
                    .noneMatch(CompletableFuture::isDone);
            // Held behind the claims, these would wait the claims' 20 s; the bounds leave room for a loaded machine.
            assertThat(median(health)).isLessThan(500);
            assertThat(median(ready)).isLessThan(500);
            assertThat(median(acks)).isLessThan(500);
            assertThat(max(health)).isLessThan(5_000);
            assertThat(max(ready)).isLessThan(5_000);
            assertThat(max(acks)).isLessThan(5_000);
            assertThat(platformThreadsDuring - platformThreadsBefore)
                    .as("parked claims hold no platform thread each")
                    .isLessThan(PARKED / 5);
        } finally {
            parker.shutdownNow();
        }
    }

    private static List<String> earlyAnswers(List<CompletableFuture<HttpResponse<String>>> parked) {
        return parked.stream()
                .filter(CompletableFuture::isDone)
                .limit(3)
                .map(f -> f.handle((r, e) -> e != null ? e.toString() : r.statusCode() + " " + r.body())
                        .join())
                .toList();
    }

    /** How many claims the engine has tried against its store (a waiting claim's first try, and each look again). */
    private double claimAttempts() {
        var timer = engine.meterRegistry().find("tide.claim.latency").timer();
        return timer == null ? 0 : timer.count();
    }

    private void awaitClaimAttempts(double count) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (claimAttempts() < count) {
            assertThat(System.nanoTime())
                    .as("the parked claims reach the engine")
                    .isLessThan(deadline);
            Thread.sleep(50);
        }
    }

    private static long[] timeEach(Runnable call) {
        long[] millis = new long[SAMPLES];
        for (int i = 0; i < SAMPLES; i++) {
            long started = System.nanoTime();
            call.run();
            millis[i] = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started);
        }
        return millis;
    }

    private static long median(long[] millis) {
        long[] sorted = millis.clone();
        Arrays.sort(sorted);
        return sorted[sorted.length / 2];
    }

    private static long max(long[] millis) {
        return Arrays.stream(millis).max().orElseThrow();
    }
}
