package dev.tide.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tide.api.TaskQuery;
import dev.tide.api.auth.NewAccount;
import dev.tide.api.auth.Role;
import dev.tide.core.testing.TestUsers;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * A flood of submissions from one user over loopback HTTP, many at once: exactly its limit is accepted, every other
 * answer is a 429 with Retry-After, and every accepted task is in the store.
 */
class AdmissionFloodTest extends HttpTestBase {
    private static final int THREADS = 8;
    private static final int EACH = 30;

    @Test
    void aFloodOverThePendingLimitGets429sAndLosesNothingAccepted() throws Exception {
        engine.accounts().addAccount(NewAccount.of("ada", Role.SUBMITTER).withLimits(50, null));
        Flood flood = flood(TestUsers.token(engine.accounts(), "ada", Role.SUBMITTER));

        assertThat(flood.accepted).hasSize(50);
        assertThat(flood.refused.get()).isEqualTo(THREADS * EACH - 50);
        assertThat(flood.unexpected).isEmpty();
        assertThat(engine.tasks(TaskQuery.all().withOwner("ada").withLimit(TaskQuery.MAX_LIMIT))
                        .items())
                .extracting(t -> t.id())
                .containsExactlyInAnyOrderElementsOf(flood.accepted);
    }

    @Test
    void aFloodOverTheMinutesRateGets429sUntilTheNextMinute() throws Exception {
        engine.accounts().addAccount(NewAccount.of("ada", Role.SUBMITTER).withLimits(null, 25));
        String token = TestUsers.token(engine.accounts(), "ada", Role.SUBMITTER);
        Flood flood = flood(token);

        assertThat(flood.accepted).hasSize(25);
        assertThat(flood.refused.get()).isEqualTo(THREADS * EACH - 25);
        assertThat(flood.retryAfter).containsExactly("60");
        clock.advance(java.time.Duration.ofMinutes(1));
        try (RawHttp ada = raw.as(token)) {
            assertThat(ada.post("v1/tasks", "{\"type\":\"t\"}").status()).isEqualTo(201);
        }
    }

    private Flood flood(String token) throws InterruptedException {
        Flood flood = new Flood();
        CountDownLatch start = new CountDownLatch(1);
        List<Thread> threads = new ArrayList<>();
        for (int t = 0; t < THREADS; t++) {
            threads.add(Thread.ofPlatform().start(() -> {
                try (RawHttp ada = raw.as(token)) {
                    start.await();
                    for (int i = 0; i < EACH; i++) {
                        RawHttp.Answer answer = ada.post("v1/tasks", "{\"type\":\"t\"}");
                        if (answer.status() == 201) {
                            flood.accepted.add(
                                    answer.json().path("task").path("id").asLong());
                        } else if (answer.status() == 429 && answer.header("Retry-After") != null) {
                            flood.refused.incrementAndGet();
                            flood.retryAfter.add(answer.header("Retry-After"));
                        } else {
                            flood.unexpected.add(answer.toString());
                        }
                    }
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }));
        }
        start.countDown();
        for (Thread t : threads) {
            t.join();
        }
        return flood;
    }

    private static final class Flood {
        final Set<Long> accepted = ConcurrentHashMap.newKeySet();
        final AtomicInteger refused = new AtomicInteger();
        final Set<String> retryAfter = ConcurrentHashMap.newKeySet();
        final List<String> unexpected = java.util.Collections.synchronizedList(new ArrayList<>());
    }
}
