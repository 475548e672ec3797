package dev.tide.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Sign-ins arriving together over HTTP, with one password check allowed at a time and no wait for it: those that find
 * it busy are answered 503 with Retry-After, in JSON, and the others as usual (SignInGuardTest holds the bound itself).
 */
class SignInBusyTest extends HttpTestBase {
    private static final int TOGETHER = 12;

    @Override
    TideServer.Builder server(TideServer.Builder builder) {
        return builder.concurrentPasswordChecks(1)
                .passwordCheckWait(Duration.ZERO)
                .signInsPerUserPerMinute(0)
                .signInsPerAddressPerMinute(0);
    }

    @Test
    void signInsBeyondTheChecksAtOnceAre503WithRetryAfter() throws Exception {
        CountDownLatch go = new CountDownLatch(1);
        List<CompletableFuture<RawHttp.Answer>> answers = new ArrayList<>();
        try (ExecutorService pool = Executors.newFixedThreadPool(TOGETHER);
                RawHttp anonymous = new RawHttp(fixture.server().uri())) {
            for (int i = 0; i < TOGETHER; i++) {
                String user = "user" + i;
                answers.add(CompletableFuture.supplyAsync(
                        () -> {
                            await(go);
                            return anonymous.post("v1/sessions", "{\"user\":\"" + user + "\",\"password\":\"wrong\"}");
                        },
                        pool));
            }
            go.countDown();

            List<RawHttp.Answer> got = new ArrayList<>();
            for (CompletableFuture<RawHttp.Answer> answer : answers) {
                got.add(answer.get(60, TimeUnit.SECONDS));
            }
            assertThat(got)
                    .extracting(RawHttp.Answer::status)
                    .containsOnly(401, 503)
                    .contains(503);
            for (RawHttp.Answer busy :
                    got.stream().filter(a -> a.status() == 503).toList()) {
                assertRefused(busy, 503, "unavailable", null);
                assertThat(busy.header("Retry-After")).isEqualTo("1");
            }
        }
    }

    private static void await(CountDownLatch latch) {
        try {
            assertThat(latch.await(10, TimeUnit.SECONDS)).isTrue();
        } catch (InterruptedException e) {
            throw new IllegalStateException(e);
        }
    }
}
