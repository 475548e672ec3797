package dev.tide.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tide.api.ClaimRequest;
import dev.tide.api.LeasedTask;
import dev.tide.api.NewTask;
import dev.tide.client.TideClient;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class LongPollTest extends HttpTestBase {

    @Override
    TideServer.Builder server(TideServer.Builder builder) {
        return builder.maxClaimWait(Duration.ofSeconds(20));
    }

    private CompletableFuture<List<LeasedTask>> claimWaiting(Duration wait) {
        return CompletableFuture.supplyAsync(
                () -> client.claim(ClaimRequest.of("default", "w", 5).withWait(wait)));
    }

    @Test
    void aWaitingClaimReturnsAsSoonAsAnotherClientEnqueues() throws Exception {
        long started = System.nanoTime();
        CompletableFuture<List<LeasedTask>> waiting = claimWaiting(Duration.ofSeconds(15));
        Thread.sleep(500);
        assertThat(waiting).isNotDone();

        long id;
        try (TideClient producer = TideClient.builder(fixture.server().uri())
                .token(fixture.adminToken())
                .build()) {
            id = producer.enqueue(NewTask.of("email", null)).id();
        }

        List<LeasedTask> claimed = waiting.get(10, TimeUnit.SECONDS);
        assertThat(claimed).extracting(LeasedTask::id).containsExactly(id);
        assertThat(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started)).isLessThan(5_000);
    }

    @Test
    void aWaitingClaimReturnsEmptyWhenNothingComes() throws Exception {
        long started = System.nanoTime();

        List<LeasedTask> claimed = claimWaiting(Duration.ofMillis(1500)).get(10, TimeUnit.SECONDS);

        long elapsed = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started);
        assertThat(claimed).isEmpty();
        assertThat(elapsed).isBetween(1_400L, 6_000L);
    }

    @Test
    void theServerCutsAWaitLongerThanItsCap() throws Exception {
        try (TideServer capped = TideServer.builder(engine)
                        .port(0)
                        .maxClaimWait(Duration.ofSeconds(1))
                        .build()
                        .start();
                TideClient viaCapped = TideClient.builder(capped.uri())
                        .token(fixture.adminToken())
                        .build()) {
            long started = System.nanoTime();

            List<LeasedTask> claimed =
                    viaCapped.claim(ClaimRequest.of("default", "w", 1).withWait(Duration.ofMinutes(5)));

            assertThat(claimed).isEmpty();
            assertThat(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started))
                    .isBetween(900L, 6_000L);
        }
    }
}
