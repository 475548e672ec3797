package dev.tide.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tide.core.time.ManualClock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** The bound on password checks running at once, with checks that block until the test lets them go. */
class SignInGuardTest {
    private static final int SLOTS = 2;

    private final ManualClock clock = new ManualClock(Instant.parse("2030-01-07T09:00:00Z"));
    private final SignInGuard guard = new SignInGuard(
            SignInLimits.DEFAULTS
                    .withPerUser(0)
                    .withPerAddress(0)
                    .withConcurrentChecks(SLOTS)
                    .withCheckWait(Duration.ofMillis(200)),
            clock);

    @Test
    void aCheckBeyondTheSlotsWaitsBrieflyThenIsRefused503() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        CountDownLatch running = new CountDownLatch(SLOTS);
        try (ExecutorService pool = Executors.newVirtualThreadPerTaskExecutor()) {
            List<CompletableFuture<String>> held = new ArrayList<>();
            for (int i = 0; i < SLOTS; i++) {
                held.add(CompletableFuture.supplyAsync(
                        () -> guard.attempt("ada", "a", () -> {
                            running.countDown();
                            await(release);
                            return "checked";
                        }),
                        pool));
            }
            assertThat(running.await(10, TimeUnit.SECONDS)).isTrue();

            long started = System.nanoTime();
            assertThatThrownBy(() -> guard.attempt("ada", "a", () -> "checked"))
                    .isInstanceOfSatisfying(SignInRefusedException.class, e -> {
                        assertThat(e.httpStatus()).isEqualTo(503);
                        assertThat(e.retryAfterSeconds()).isEqualTo(1);
                    });
            assertThat(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started))
                    .isGreaterThanOrEqualTo(190);

            release.countDown();
            for (CompletableFuture<String> f : held) {
                assertThat(f.get(10, TimeUnit.SECONDS)).isEqualTo("checked");
            }
            assertThat(guard.attempt("ada", "a", () -> "checked")).isEqualTo("checked");
        }
    }

    @Test
    void neverMoreChecksRunAtOnceThanTheSlots() throws Exception {
        AtomicInteger now = new AtomicInteger();
        AtomicInteger peak = new AtomicInteger();
        SignInGuard patient = new SignInGuard(
                SignInLimits.DEFAULTS
                        .withPerUser(0)
                        .withPerAddress(0)
                        .withConcurrentChecks(SLOTS)
                        .withCheckWait(Duration.ofSeconds(30)),
                clock);
        try (ExecutorService pool = Executors.newVirtualThreadPerTaskExecutor()) {
            List<CompletableFuture<Integer>> attempts = new ArrayList<>();
            for (int i = 0; i < 20; i++) {
                attempts.add(CompletableFuture.supplyAsync(
                        () -> patient.attempt("u", "a", () -> {
                            peak.accumulateAndGet(now.incrementAndGet(), Math::max);
                            sleep(20);
                            return now.decrementAndGet();
                        }),
                        pool));
            }
            for (CompletableFuture<Integer> f : attempts) {
                f.get(30, TimeUnit.SECONDS);
            }
        }
        assertThat(peak.get()).isEqualTo(SLOTS);
    }

    private static void await(CountDownLatch latch) {
        try {
            assertThat(latch.await(10, TimeUnit.SECONDS)).isTrue();
        } catch (InterruptedException e) {
            throw new IllegalStateException(e);
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            throw new IllegalStateException(e);
        }
    }
}
