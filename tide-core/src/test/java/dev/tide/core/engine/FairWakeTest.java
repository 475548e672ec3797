package dev.tide.core.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tide.api.Ack;
import dev.tide.api.ClaimRequest;
import dev.tide.api.Discipline;
import dev.tide.api.LeasedTask;
import dev.tide.api.NewTask;
import dev.tide.api.QueueDefinition;
import dev.tide.core.Tide;
import dev.tide.core.TideConfig;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A claim waiting on a fair queue whose only waiting tasks belong to a user at its concurrency cap is woken when that
 * user's lease ends: no task became ready, but the user has room again. The engine looks again on its own only once a
 * minute here, so only the wake-up can answer the claim in time.
 */
class FairWakeTest {
    @TempDir
    Path folder;

    @Test
    void aWaitingClaimWakesWhenACappedUsersLeaseEnds() throws Exception {
        try (Tide tide = Tide.builder()
                .sqlite(folder)
                .config(TideConfig.defaults().withPollInterval(Duration.ofMinutes(1)))
                .build()) {
            tide.queues()
                    .define(QueueDefinition.named("fair")
                            .withDiscipline(Discipline.FAIR)
                            .withDefaultConcurrency(1));
            NewTask task = NewTask.builder("t").queue("fair").owner("alice").build();
            tide.enqueueAll(List.of(task, task));
            List<LeasedTask> first = tide.claim(ClaimRequest.of("fair", "w", 10));
            assertThat(first).as("alice's cap of 1").hasSize(1);

            CompletableFuture<List<LeasedTask>> waiting = CompletableFuture.supplyAsync(
                    () -> tide.claim(ClaimRequest.of("fair", "w", 10).withWait(Duration.ofSeconds(30))));
            Thread.sleep(300);
            assertThat(waiting).isNotDone();
            tide.ack(Ack.succeed(first.get(0).lease()));

            assertThat(waiting.get(10, TimeUnit.SECONDS)).hasSize(1);
        }
    }
}
