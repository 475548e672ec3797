package dev.tide.server;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tide.api.json.Json;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

/** Plain {@code java.net.http} requests to a server, bodies as text, for testing the wire format itself. */
final class RawHttp implements AutoCloseable {
    private final HttpClient client =
            HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    private final URI base;
    private final String token;

    /** Requests without credentials. */
    RawHttp(URI base) {
        this(base, null);
    }

    /** Requests presenting {@code token} as their bearer token. */
    RawHttp(URI base, String token) {
        this.base = base;
        this.token = token;
    }

    /** The same server, other credentials. */
    RawHttp as(String otherToken) {
        return new RawHttp(base, otherToken);
    }

    /** An answer: status, body text, and the body as JSON (a missing node when it is not JSON). */
    record Answer(int status, String text, HttpResponse<String> response) {
        JsonNode json() {
            try {
                return Json.mapper().readTree(text);
            } catch (IOException e) {
                throw new AssertionError("not JSON: " + text, e);
            }
        }

        String error() {
            return json().path("error").asText(null);
        }

        String field() {
            return json().path("field").asText(null);
        }

        String header(String name) {
            return response.headers().firstValue(name).orElse(null);
        }

        @Override
        public String toString() {
            return status + " " + text;
        }
    }

    Answer get(String path) {
        return send("GET", path, null);
    }

    Answer post(String path, String body) {
        return send("POST", path, body);
    }

    Answer put(String path, String body) {
        return send("PUT", path, body);
    }

    Answer send(String method, String path, String body) {
        return exchange(
                method,
                path,
                body == null
                        ? HttpRequest.BodyPublishers.noBody()
                        : HttpRequest.BodyPublishers.ofString(body, StandardCharsets.UTF_8));
    }

    /** A POST of raw bytes, which need not be valid UTF-8. */
    Answer postBytes(String path, byte[] body) {
        return exchange("POST", path, HttpRequest.BodyPublishers.ofByteArray(body));
    }

    /** A POST whose length is not declared up front (sent chunked), as a streaming client sends it. */
    Answer postChunked(String path, String body) {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        return exchange("POST", path, HttpRequest.BodyPublishers.ofInputStream(() -> new ByteArrayInputStream(bytes)));
    }

    private Answer exchange(String method, String path, HttpRequest.BodyPublisher body) {
        HttpRequest.Builder request = HttpRequest.newBuilder(base.resolve(path))
                .timeout(Duration.ofSeconds(30))
                .header("Content-Type", "application/json")
                .method(method, body);
        if (token != null) {
            request.header("Authorization", "Bearer " + token);
        }
        try {
            HttpResponse<String> response = client.send(request.build(), HttpResponse.BodyHandlers.ofString());
            return new Answer(response.statusCode(), response.body(), response);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    @Override
    public void close() {
        client.close();
    }
}
