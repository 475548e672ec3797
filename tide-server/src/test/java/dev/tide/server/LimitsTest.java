package dev.tide.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tide.api.NewTask;
import dev.tide.api.PayloadTooLargeException;
import dev.tide.core.TideConfig;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Two size limits: the engine's payload cap (per JSON document) and the server's cap on whole request bodies. */
class LimitsTest extends HttpTestBase {
    private static final int PAYLOAD_CAP = 1024;
    private static final int BODY_LIMIT = 8 * 1024;

    @Override
    TideConfig config() {
        // The blob cap too, which raises the cap of task payloads.
        return super.config().withPayloadCap(PAYLOAD_CAP).withBlobPayloadCap(PAYLOAD_CAP);
    }

    @Override
    TideServer.Builder server(TideServer.Builder builder) {
        return builder.maxBodyBytes(BODY_LIMIT);
    }

    private static String taskWithPayloadOf(int chars) {
        return "{\"type\":\"a\",\"payload\":\"" + "x".repeat(chars) + "\"}";
    }

    @Test
    void aPayloadOverTheEngineCapIs413AndWritesNothing() {
        var answer = raw.post("v1/tasks", taskWithPayloadOf(2 * PAYLOAD_CAP));

        assertRefused(answer, 413, "payload_too_large", null);
        assertThat(answer.json().path("message").asText()).startsWith("payload: ");
        assertThat(taskCount()).isZero();
    }

    @Test
    void aBodyOverTheServerLimitIs413AndWritesNothing() {
        var answer = raw.post("v1/tasks/batch", "{\"tasks\":[" + "{\"type\":\"a\"},".repeat(BODY_LIMIT / 10) + "]}");

        assertRefused(answer, 413, "payload_too_large", null);
        assertThat(answer.json().path("message").asText()).startsWith("body: ");
        assertThat(taskCount()).isZero();
    }

    @Test
    void aBodyOfUndeclaredLengthIsCutOffAtTheLimit() {
        var answer = raw.postChunked("v1/tasks", taskWithPayloadOf(2 * BODY_LIMIT));

        assertRefused(answer, 413, "payload_too_large", null);
        assertThat(answer.json().path("message").asText()).startsWith("body: ");
        assertThat(taskCount()).isZero();
        assertThat(raw.postChunked("v1/tasks", taskWithPayloadOf(10)).status()).isEqualTo(201);
    }

    @Test
    void theClientReportsBothAsPayloadTooLarge() {
        String big = "x".repeat(2 * PAYLOAD_CAP);
        assertThatThrownBy(() -> client.enqueue(NewTask.of("a", Map.of("text", big))))
                .isInstanceOf(PayloadTooLargeException.class)
                .hasMessageStartingWith("payload: ");

        String huge = "x".repeat(2 * BODY_LIMIT);
        assertThatThrownBy(() -> client.enqueue(NewTask.of("a", Map.of("text", huge))))
                .isInstanceOf(PayloadTooLargeException.class)
                .hasMessageStartingWith("body: ");
        assertThat(taskCount()).isZero();
    }
}
