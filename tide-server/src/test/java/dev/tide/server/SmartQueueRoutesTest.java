package dev.tide.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;

/** The smart queue's wire format: policies and keys as JSON, and a reached bound as 429 with Retry-After. */
class SmartQueueRoutesTest extends HttpTestBase {

    @Test
    void aReachedBoundIs429WithRetryAfterAndSaysWhichBound() {
        assertThat(raw.put("v1/queues/frames", "{\"maxPendingPerKey\":1}").status())
                .isEqualTo(200);
        String frame = "{\"type\":\"frame\",\"queue\":\"frames\",\"owner\":\"ada\",\"coalescingKey\":\"camera-7\"}";
        assertThat(raw.post("v1/tasks", frame).status()).isEqualTo(201);

        var answer = raw.post("v1/tasks/batch", "{\"tasks\":[{\"type\":\"other\"}," + frame + "]}");

        assertRefused(answer, 429, "pending_limit", null);
        assertThat(answer.header("Retry-After")).isEqualTo("1");
        JsonNode limit = answer.json().path("pendingLimit");
        assertThat(limit.path("bound").asText()).isEqualTo("key");
        assertThat(limit.path("limit").asInt()).isEqualTo(1);
        assertThat(limit.path("queue").asText()).isEqualTo("frames");
        assertThat(limit.path("key").asText()).isEqualTo("camera-7");
        assertThat(limit.path("user").asText()).isEqualTo("ada");
        assertThat(taskCount()).as("the batch wrote nothing").isEqualTo(1);
    }

    @Test
    void aPolicyAndAKeyTravelAsJson() {
        assertThat(raw.put("v1/task-types/status", "{\"coalescing\":\"replace\"}")
                        .status())
                .isEqualTo(200);
        String status = "{\"type\":\"status\",\"coalescingKey\":\"display\",\"payload\":%d}";
        long first = raw.post("v1/tasks", status.formatted(1))
                .json()
                .path("task")
                .path("id")
                .asLong();
        JsonNode second = raw.post("v1/tasks", status.formatted(2)).json();

        assertThat(second.path("created").asBoolean()).isTrue();
        assertThat(second.path("task").path("coalescingKey").asText()).isEqualTo("display");
        JsonNode superseded = raw.get("v1/tasks/" + first).json();
        assertThat(superseded.path("status").asText()).isEqualTo("superseded");
        assertThat(raw.put("v1/task-types/status", "{\"coalescing\":\"sometimes\"}")
                        .json()
                        .path("message")
                        .asText())
                .isEqualTo("coalescing: 'sometimes' is not one of: keep, ignore, replace, merge, neutralize");
    }
}
