package dev.tide.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.URI;
import org.junit.jupiter.api.Test;

/**
 * Requests Jetty refuses before any route sees them, written byte by byte on a socket (no HTTP client would send them):
 * each is answered with Tide's JSON error body and the status that says what was wrong, never an HTML page.
 */
class PreRoutingErrorsTest extends HttpTestBase {
    private static final String END_OF_HEAD = " HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n";

    private RawSocket.Answer send(String request) {
        URI server = fixture.server().uri();
        RawSocket.Answer answer = RawSocket.exchange(server, request);
        assertThat(answer)
                .as("an answer to " + request.substring(0, Math.min(60, request.length())))
                .isNotNull();
        return answer;
    }

    private static JsonNode assertJsonError(RawSocket.Answer answer, int status, String code) {
        assertThat(answer.status()).as(answer.toString()).isEqualTo(status);
        assertThat(answer.header("Content-Type")).as(answer.toString()).startsWith("application/json");
        JsonNode json = answer.json();
        assertThat(json.path("error").asText()).as(answer.toString()).isEqualTo(code);
        assertThat(json.path("message").asText()).isNotBlank();
        return json;
    }

    @Test
    void aPathWithBadPercentEncodingIs400() {
        JsonNode json = assertJsonError(send("GET /v1/tasks/%zz" + END_OF_HEAD + "\r\n"), 400, "invalid_request");
        assertThat(json.path("message").asText()).startsWith("the request is malformed");
    }

    @Test
    void aNulInThePathIs400WhetherEncodedOrRaw() {
        assertJsonError(send("GET /v1/tasks/a%00b" + END_OF_HEAD + "\r\n"), 400, "invalid_request");
        JsonNode raw = assertJsonError(send("GET /v1/tasks/a\0b" + END_OF_HEAD + "\r\n"), 400, "invalid_request");
        assertThat(raw.path("message").asText()).contains("Illegal character");
    }

    @Test
    void aDotSegmentAboveTheRootIs400() {
        assertJsonError(send("GET /v1/../../etc/passwd" + END_OF_HEAD + "\r\n"), 400, "invalid_request");
    }

    @Test
    void everyMethodGetsTheBody() {
        assertJsonError(send("PUT /v1/tasks/%zz" + END_OF_HEAD + "Content-Length: 0\r\n\r\n"), 400, "invalid_request");
        assertJsonError(send("DELETE /v1/tasks/%zz" + END_OF_HEAD + "\r\n"), 400, "invalid_request");
    }

    @Test
    void aHundredKilobyteUriIs414() {
        JsonNode json = assertJsonError(
                send("GET /v1/tasks/" + "a".repeat(100_000) + END_OF_HEAD + "\r\n"), 414, "uri_too_long");
        assertThat(json.path("message").asText()).contains("8192 bytes");
    }

    @Test
    void aHundredKilobyteHeaderIs431() {
        assertJsonError(
                send("GET /healthz" + END_OF_HEAD + "X-Big: " + "a".repeat(100_000) + "\r\n\r\n"),
                431,
                "request_header_fields_too_large");
    }

    @Test
    void malformedHeaderLinesAre400() {
        assertJsonError(send("GET /healthz" + END_OF_HEAD + "NoColonHere\r\n\r\n"), 400, "invalid_request");
        assertJsonError(send("GET /healthz" + END_OF_HEAD + "Bad Name: x\r\n\r\n"), 400, "invalid_request");
        assertJsonError(send("POST /v1/tasks" + END_OF_HEAD + "Content-Length: abc\r\n\r\n"), 400, "invalid_request");
        assertJsonError(send("GET /healthz HTTP/1.1\r\nConnection: close\r\n\r\n"), 400, "invalid_request");
    }

    @Test
    void anUnknownProtocolVersionIs505() {
        assertJsonError(send("GET /healthz HTTP/9.9\r\nHost: localhost\r\n\r\n"), 505, "http_version_not_supported");
    }

    @Test
    void theServerServesOnAndNothingWasWritten() {
        assertThat(send("GET /healthz" + END_OF_HEAD + "\r\n").status()).isEqualTo(200);
        assertThat(taskCount()).isZero();
    }
}
