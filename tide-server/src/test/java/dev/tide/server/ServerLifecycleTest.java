package dev.tide.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tide.api.ClaimRequest;
import dev.tide.api.LeasedTask;
import dev.tide.api.TideException;
import dev.tide.client.TideClient;
import dev.tide.core.Tide;
import dev.tide.core.TideConfig;
import dev.tide.core.testing.TestUsers;
import dev.tide.core.time.ManualClock;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Starting and stopping: a graceful stop lets requests in flight finish, ends waiting claims early, then refuses. */
class ServerLifecycleTest {
    @TempDir
    Path folder;

    Tide engine;
    String token;

    @BeforeEach
    void openEngine() {
        engine = Tide.builder()
                .sqlite(folder)
                .clock(new ManualClock(Instant.parse("2030-01-07T09:00:00Z")))
                .config(TideConfig.defaults().withMaintenanceInterval(null))
                .build();
        token = TestUsers.adminToken(engine.accounts());
    }

    @AfterEach
    void closeEngine() {
        engine.close();
    }

    @Test
    void aServerStartsOnce() {
        try (TideServer server = TideServer.builder(engine).port(0).build().start()) {
            assertThatThrownBy(server::start).isInstanceOf(RuntimeException.class);
        }
    }

    @Test
    void stopEndsAWaitingClaimEarlyAndAnswersIt() throws Exception {
        TideServer server = TideServer.builder(engine).port(0).build().start();
        try (TideClient client = TideClient.builder(server.uri()).token(token).build()) {
            CompletableFuture<List<LeasedTask>> waiting = CompletableFuture.supplyAsync(
                    () -> client.claim(ClaimRequest.of("default", "w", 1).withWait(Duration.ofSeconds(30))));
            Thread.sleep(300); // let the claim reach the server and start waiting

            long started = System.nanoTime();
            server.stop();
            long stopMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started);

            assertThat(waiting.get(5, TimeUnit.SECONDS)).isEmpty();
            assertThat(stopMillis).isLessThan(5_000);
            assertThatThrownBy(() -> client.monitoring().status())
                    .isInstanceOf(TideException.class)
                    .hasMessageContaining(server.uri().toString())
                    .extracting(e -> ((TideException) e).httpStatus())
                    .isEqualTo(503);
        }
    }

    @Test
    void aStoppingServerAnswersItsHealthCheckWith503WhileStillServing() throws Exception {
        TideServer server = TideServer.builder(engine)
                .port(0)
                .drainDelay(Duration.ofSeconds(2))
                .build()
                .start();
        try (RawHttp raw = new RawHttp(server.uri(), token)) {
            assertThat(raw.get("healthz").status()).isEqualTo(200);

            CompletableFuture<Void> stopping = CompletableFuture.runAsync(server::stop);
            RawHttp.Answer health = raw.get("healthz");
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(1);
            while (health.status() == 200 && System.nanoTime() < deadline) {
                Thread.sleep(20);
                health = raw.get("healthz");
            }

            assertThat(health.status()).isEqualTo(503);
            assertThat(health.json().path("status").asText()).isEqualTo("stopping");
            assertThat(raw.get("v1/status").status()).isEqualTo(200);
            stopping.get(10, TimeUnit.SECONDS);
            assertThatThrownBy(() -> raw.get("healthz")).isInstanceOf(UncheckedIOException.class);
        }
    }

    @Test
    void stopIsSafeToRepeat() {
        TideServer server = TideServer.builder(engine).port(0).build().start();
        server.stop();
        server.stop();
        server.close();
    }
}
