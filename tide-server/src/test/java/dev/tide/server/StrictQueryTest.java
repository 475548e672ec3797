package dev.tide.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * The query string holds only what openapi.yaml declares for the operation, each parameter once: one check before
 * every route, so a route cannot forget it.
 */
class StrictQueryTest extends HttpTestBase {

    @Test
    void aParameterTheOperationDoesNotDeclareIsRefusedNamingIt() {
        RawHttp.Answer misspelt = raw.get("v1/tasks?lmit=5");
        assertInvalid(misspelt, "lmit");
        assertThat(misspelt.json().path("message").asText()).contains("GET /v1/tasks", "limit", "cursor");

        assertInvalid(raw.get("v1/tasks/1?include=everything"), "include");
        assertInvalid(raw.get("v1/openapi.json?format=yaml"), "format");
        assertInvalid(raw.get("v1/schedules/nightly/firings?cnt=3"), "cnt");
    }

    @Test
    void aRefusedQueryWritesNothing() {
        RawHttp.Answer answer = raw.post("v1/tasks?queue=other", "{\"type\": \"a\"}");

        assertInvalid(answer, "queue");
        assertThat(answer.json().path("message").asText()).contains("POST /v1/tasks");
        assertThat(taskCount()).isZero();
        RawHttp.Answer none = raw.put("v1/task-types/a?priority=1", "{}");
        assertInvalid(none, "priority");
        assertThat(none.json().path("message").asText()).contains("takes none");
        assertThat(engine.taskTypes()).isEmpty();
    }

    @Test
    void aParameterGivenTwiceIsRefused() {
        RawHttp.Answer twice = raw.get("v1/tasks?limit=5&limit=6");

        assertInvalid(twice, "limit");
        assertThat(twice.json().path("message").asText()).contains("2 times");
        assertInvalid(raw.get("v1/events?kind=a&kind=a"), "kind");
    }

    @Test
    void badPercentEncodingIsRefused() throws IOException {
        assertInvalid(raw.get("v1/tasks?queue=%C0%AF"), "query");
        assertInvalid(raw.post("v1/tasks/1/claim?limit=%FF", "{\"worker\": \"w\"}"), "query");
        // java.net.URI will not send it: written on a socket
        try (Socket socket = new Socket("127.0.0.1", fixture.server().port())) {
            socket.getOutputStream()
                    .write(("GET /v1/tasks?queue=%zz HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer "
                                    + fixture.adminToken() + "\r\nConnection: close\r\n\r\n")
                            .getBytes(StandardCharsets.US_ASCII));
            String answer = new String(socket.getInputStream().readAllBytes(), StandardCharsets.UTF_8);

            assertThat(answer).startsWith("HTTP/1.1 400").contains("\"field\":\"query\"");
        }
    }

    @Test
    void declaredParametersPass() {
        assertThat(raw.get("v1/tasks?limit=5&order=desc").status()).isEqualTo(200);
        assertThat(raw.get("v1/events?limit=5").status()).isEqualTo(200);
        assertThat(raw.get("v1/schedules/nightly/firings?count=3").status())
                .as("the path's own parameter beside the operation's")
                .isEqualTo(404);
    }

    @Test
    void anAnonymousCallerIsRefusedForItsTokenFirst() {
        try (RawHttp anonymous = new RawHttp(fixture.server().uri())) {
            assertThat(anonymous.get("v1/tasks?lmit=5").status()).isEqualTo(401);
        }
    }
}
