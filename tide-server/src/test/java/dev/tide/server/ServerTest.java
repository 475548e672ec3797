package dev.tide.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tide.api.NewTask;
import dev.tide.api.TideException;
import org.junit.jupiter.api.Test;

/** What every route shares: health, status, JSON answers for unknown routes and wrong methods. */
class ServerTest extends HttpTestBase {

    @Test
    void healthzAnswersOkOnceStarted() {
        var answer = raw.get("healthz");

        assertThat(answer.status()).isEqualTo(200);
        assertThat(answer.header("Content-Type")).startsWith("application/json");
        assertThat(answer.json().path("status").asText()).isEqualTo("ok");
    }

    @Test
    void aServerOnPortZeroTellsThePortItPicked() {
        assertThat(fixture.server().port()).isPositive();
        assertThat(fixture.server().uri().toString())
                .isEqualTo("http://127.0.0.1:" + fixture.server().port() + "/");
    }

    @Test
    void statusReportsQueueDepths() {
        enqueue("a");
        enqueue("a");
        claimOne("w");

        var answer = raw.get("v1/status");

        assertThat(answer.status()).isEqualTo(200);
        var queue = answer.json().path("queues").get(0);
        assertThat(queue.path("queue").asText()).isEqualTo("default");
        assertThat(queue.path("ready").asLong()).isEqualTo(2);
        assertThat(queue.path("leased").asLong()).isEqualTo(1);
        assertThat(client.monitoring().status()).isEqualTo(engine.monitoring().status());
    }

    @Test
    void aFailingStoreIsA503InJsonAndToTheClient() {
        long id = enqueue("a");
        engine.close(); // the store behind the server is gone

        assertRefused(raw.get("v1/tasks/" + id), 503, "storage_unavailable", null);
        assertThatThrownBy(() -> client.enqueue(NewTask.of("a", null)))
                .isInstanceOfSatisfying(
                        TideException.class, e -> assertThat(e.httpStatus()).isEqualTo(503));
    }

    @Test
    void anUnknownRouteIsA404InJson() {
        assertRefused(raw.get("v1/nothing-here"), 404, "not_found", null);
        assertRefused(raw.get("v2/tasks"), 404, "not_found", null);
        assertRefused(raw.post("v1/tasks/1/explode", "{}"), 404, "not_found", null);
    }

    @Test
    void aWrongMethodIsA405InJsonTellingTheAllowedOnes() {
        var answer = raw.send("DELETE", "v1/tasks/1", null);

        assertRefused(answer, 405, "method_not_allowed", null);
        assertThat(answer.header("Allow")).contains("GET");
        assertRefused(raw.get("v1/claims"), 405, "method_not_allowed", null);
        assertRefused(raw.put("v1/tasks", "{}"), 405, "method_not_allowed", null);
        assertThat(taskCount()).isZero();
    }
}
