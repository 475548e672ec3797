package dev.tide.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tide.api.ClaimRequest;
import dev.tide.api.LeasedTask;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Clients that send too slowly are cut, with the limits shortened so that the test takes seconds: a head trickled one
 * byte at a time (the idle timeout never fires, since bytes keep coming), a body trickled below the minimum rate, and a
 * connection left silent. A client that is merely idle between requests, or waiting for work, is not cut.
 */
class SlowClientsTest extends HttpTestBase {
    private static final Duration HEAD_TIMEOUT = Duration.ofMillis(1000);
    private static final Duration IDLE_TIMEOUT = Duration.ofMillis(2000);
    private static final String HEAD = "HTTP/1.1\r\nHost: localhost\r\n";

    @Override
    TideServer.Builder server(TideServer.Builder builder) {
        return builder.requestHeadTimeout(HEAD_TIMEOUT)
                .idleTimeout(IDLE_TIMEOUT)
                .minBodyBytesPerSecond(100)
                .maxClaimWait(Duration.ofSeconds(3));
    }

    private URI uri() {
        return fixture.server().uri();
    }

    private static long millisSince(long started) {
        return TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started);
    }

    @Test
    void aHeadTrickledByteByByteIsAnswered408AndCut() throws Exception {
        try (RawSocket socket = new RawSocket(uri(), Duration.ofSeconds(10))) {
            long started = System.nanoTime();
            socket.write("GET /healthz " + HEAD + "X-Slow: ");
            // one byte every 200 ms: far more often than the idle timeout, so only the head's deadline can stop it
            boolean open = true;
            while (open && millisSince(started) < 3 * HEAD_TIMEOUT.toMillis()) {
                Thread.sleep(200);
                open = socket.write("a");
            }
            RawSocket.Answer answer = socket.read();
            long cutAfter = millisSince(started);

            assertThat(answer).as("a 408 before the cut").isNotNull();
            assertThat(answer.status()).isEqualTo(408);
            assertThat(answer.header("Content-Type")).isEqualTo("application/json");
            assertThat(answer.json().path("error").asText()).isEqualTo("request_timeout");
            assertThat(socket.closedByServer()).isTrue();
            assertThat(cutAfter).isBetween(HEAD_TIMEOUT.toMillis() - 100, IDLE_TIMEOUT.toMillis());
        }
    }

    @Test
    void aBodyTrickledBelowTheMinimumRateIsRefusedAndWritesNothing() throws Exception {
        String body = "{\"type\":\"email\",\"payload\":{\"text\":\"" + "x".repeat(150) + "\"}}";
        try (RawSocket socket = new RawSocket(uri(), Duration.ofSeconds(10))) {
            long started = System.nanoTime();
            socket.write("POST /v1/tasks " + HEAD + "Authorization: Bearer " + fixture.adminToken()
                    + "\r\nContent-Type: application/json\r\nContent-Length: " + body.length() + "\r\n\r\n");
            boolean open = true;
            for (int i = 0; open && i < body.length() && millisSince(started) < 8_000; i++) {
                open = socket.write(body.substring(i, i + 1)); // 5 bytes a second, under the 100 required
                Thread.sleep(200);
            }
            RawSocket.Answer answer = socket.read();

            assertThat(answer).as("an answer before the cut").isNotNull();
            assertThat(answer.status()).as(answer.toString()).isEqualTo(408);
            assertThat(answer.header("Content-Type")).isEqualTo("application/json");
            assertThat(millisSince(started)).isLessThan(8_000);
        }
        assertThat(taskCount()).isZero();
    }

    @Test
    void aSilentConnectionIsClosedAfterTheIdleTimeout() {
        try (RawSocket socket = new RawSocket(uri(), Duration.ofSeconds(10))) {
            long started = System.nanoTime();

            assertThat(socket.closedByServer()).isTrue();
            assertThat(millisSince(started)).isBetween(IDLE_TIMEOUT.toMillis() - 100, IDLE_TIMEOUT.toMillis() + 3_000);
        }
    }

    @Test
    void aKeptAliveConnectionIdleBetweenRequestsIsNotCutByTheHeadDeadline() throws Exception {
        try (RawSocket socket = new RawSocket(uri(), Duration.ofSeconds(10))) {
            socket.write("GET /healthz " + HEAD + "\r\n");
            assertThat(socket.read().status()).isEqualTo(200);

            Thread.sleep(HEAD_TIMEOUT.toMillis() + 500); // past the head deadline, within the idle timeout

            assertThat(socket.write("GET /readyz " + HEAD + "\r\n")).isTrue();
            RawSocket.Answer second = socket.read();
            assertThat(second).isNotNull();
            assertThat(second.status()).isEqualTo(200);
        }
    }

    @Test
    void aClaimWaitingLongerThanTheIdleTimeoutIsAnsweredNotCut() {
        long started = System.nanoTime();

        List<LeasedTask> claimed =
                client.claim(ClaimRequest.of("default", "w", 1).withWait(Duration.ofSeconds(3)));

        assertThat(claimed).isEmpty();
        assertThat(millisSince(started)).isGreaterThan(IDLE_TIMEOUT.toMillis());
    }
}
