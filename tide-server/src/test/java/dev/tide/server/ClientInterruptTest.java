package dev.tide.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tide.api.ClaimRequest;
import dev.tide.api.LeasedTask;
import dev.tide.api.NewTask;
import dev.tide.api.TaskInfo;
import dev.tide.api.TaskState;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

/** An interrupt must never strand a lease: what a long poll brings back after it is released at once. */
class ClientInterruptTest extends HttpTestBase {

    @Test
    void aClaimInterruptedWhileWaitingReleasesWhatItGetsAndReturnsNothing() throws Exception {
        CompletableFuture<List<LeasedTask>> result = new CompletableFuture<>();
        AtomicBoolean stillInterrupted = new AtomicBoolean();
        Thread claimer = Thread.ofPlatform().start(() -> {
            try {
                result.complete(client.claim(ClaimRequest.of("default", "w1", 5).withWait(Duration.ofSeconds(10))));
                stillInterrupted.set(Thread.currentThread().isInterrupted());
            } catch (Throwable t) {
                result.completeExceptionally(t);
            }
        });
        awaitWaiting(claimer);
        Thread.sleep(300); // the request is at the server now, waiting for work

        claimer.interrupt();
        Thread.sleep(100);
        long id = engine.enqueue(NewTask.of("email", null)).id(); // the waiting claim takes it

        assertThat(result.get(15, TimeUnit.SECONDS)).isEmpty();
        claimer.join(5_000);
        assertThat(stillInterrupted).isTrue();
        TaskInfo task = engine.task(id);
        assertThat(task.state()).isEqualTo(TaskState.READY);
        assertThat(task.attempts()).isZero(); // a release gives the attempt back
        assertThat(task.message()).contains("interrupted"); // proof it was claimed, then released
        assertThat(engine.leases("w1")).isEmpty();
    }

    @Test
    void aClaimByAnInterruptedThreadTakesNothing() throws Exception {
        long id = enqueue("email");
        CompletableFuture<List<LeasedTask>> result = new CompletableFuture<>();

        Thread.ofPlatform()
                .start(() -> {
                    Thread.currentThread().interrupt();
                    result.complete(client.claim(ClaimRequest.of("default", "w1", 5)));
                })
                .join(10_000);

        assertThat(result.get()).isEmpty();
        assertThat(engine.task(id).state()).isEqualTo(TaskState.READY);
    }

    @Test
    void anotherCallInterruptedInFlightStillCompletesAndKeepsTheInterrupt() throws Exception {
        CompletableFuture<Long> result = new CompletableFuture<>();
        AtomicBoolean stillInterrupted = new AtomicBoolean();

        Thread.ofPlatform()
                .start(() -> {
                    Thread.currentThread().interrupt();
                    result.complete(client.enqueue(NewTask.of("email", null)).id());
                    stillInterrupted.set(Thread.currentThread().isInterrupted());
                })
                .join(10_000);

        assertThat(engine.task(result.get()).state()).isEqualTo(TaskState.READY);
        assertThat(stillInterrupted).isTrue();
    }

    private static void awaitWaiting(Thread thread) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (thread.getState() != Thread.State.TIMED_WAITING && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
    }
}
