package dev.tide.client;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JavaType;
import dev.tide.api.Actor;
import dev.tide.api.TideException;
import dev.tide.api.json.Json;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import javax.net.ssl.SSLContext;

/**
 * JSON over HTTP to one Tide server. Every exchange runs to its end even if the calling thread is interrupted meanwhile:
 * the server may already have acted on the request, and only its answer tells what happened (a claim's answer holds
 * leases that must not be lost). The wait is bounded by the request's timeout; the interrupt is reported, not lost.
 */
final class JsonHttp implements AutoCloseable {
    /** Beyond the request timeout, how long to wait for the HTTP client to report that timeout itself. */
    private static final Duration SLACK = Duration.ofSeconds(5);

    private static final Duration CLOSE_GRACE = Duration.ofSeconds(5);

    private final HttpClient client;
    private final URI base;
    private final Duration requestTimeout;
    private final String actor;
    private volatile String token;

    /**
     * @param actor named in every request's {@link Actor#HEADER}; null: the calling thread's {@link Actor#current()}
     * @param ssl whom to trust over https; null: the JDK's default (its trusted certificate authorities)
     */
    JsonHttp(URI base, Duration connectTimeout, Duration requestTimeout, String actor, SSLContext ssl) {
        this.actor = actor;
        String text = base.toString();
        this.base = URI.create(text.endsWith("/") ? text : text + "/");
        this.requestTimeout = requestTimeout;
        HttpClient.Builder client =
                HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(connectTimeout);
        if (ssl != null) {
            client.sslContext(ssl);
        }
        this.client = client.build();
    }

    /** The bearer token every request carries from now on; null for none. */
    void token(String value) {
        this.token = value;
    }

    String token() {
        return token;
    }

    URI base() {
        return base;
    }

    Duration requestTimeout() {
        return requestTimeout;
    }

    /** What came back, and whether the caller was interrupted while waiting (its interrupt flag is then clear). */
    record Reply(int status, String body, boolean interrupted) {
        /** Puts back the interrupt that arrived while waiting, for callers with nothing to undo. */
        Reply restoringInterrupt() {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
            return this;
        }
    }

    <T> T call(String method, String path, Object body, Class<T> type) {
        return read(
                send(method, path, body, requestTimeout).restoringInterrupt(),
                Json.mapper().constructType(type));
    }

    <T> T call(String method, String path, Object body, TypeReference<T> type) {
        return read(
                send(method, path, body, requestTimeout).restoringInterrupt(),
                Json.mapper().constructType(type));
    }

    /** As {@link #call(String, String, Object, Class)}, presenting {@code bearer} instead of this client's token. */
    <T> T callAs(String bearer, String method, String path, Object body, Class<T> type) {
        return read(
                send(method, path, body, requestTimeout, bearer).restoringInterrupt(),
                Json.mapper().constructType(type));
    }

    /** Sends {@code body} as JSON ({@link String}s are sent as they are: raw JSON documents), null for none. */
    Reply send(String method, String path, Object body, Duration timeout) {
        return send(method, path, body, timeout, token);
    }

    private Reply send(String method, String path, Object body, Duration timeout, String bearer) {
        HttpRequest.Builder builder = HttpRequest.newBuilder(base.resolve(path))
                .timeout(timeout)
                .header("Accept", "application/json")
                .header("Content-Type", "application/json")
                .method(method, publisher(body));
        if (bearer != null) {
            builder.header("Authorization", "Bearer " + bearer);
        }
        String who = actor != null ? actor : Actor.current();
        if (who != null) {
            builder.header(Actor.HEADER, who);
        }
        HttpRequest request = builder.build();
        CompletableFuture<HttpResponse<String>> answer;
        try {
            answer = client.sendAsync(request, HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
        } catch (IllegalStateException e) {
            throw new TideException(503, "this client of the Tide server at " + base + " is closed", e);
        }
        boolean interrupted = false;
        long deadline = System.nanoTime() + timeout.plus(SLACK).toNanos();
        try {
            while (true) {
                try {
                    HttpResponse<String> response = answer.get(deadline - System.nanoTime(), TimeUnit.NANOSECONDS);
                    return new Reply(response.statusCode(), response.body(), interrupted);
                } catch (InterruptedException e) {
                    interrupted = true; // keep waiting: see the class comment
                }
            }
        } catch (ExecutionException e) {
            throw unreachable(e.getCause(), timeout, interrupted);
        } catch (TimeoutException e) {
            answer.cancel(true);
            throw unreachable(new HttpTimeoutException("no answer"), timeout, interrupted);
        }
    }

    <T> T read(Reply reply, Class<T> type) {
        return read(reply, Json.mapper().constructType(type));
    }

    <T> T read(Reply reply, JavaType type) {
        if (reply.status() >= 400) {
            throw RemoteErrors.decode(reply.status(), reply.body(), base);
        }
        if (reply.body() == null || reply.body().isEmpty()) {
            return null; // 204: nothing to read
        }
        try {
            return Json.mapper().readValue(reply.body(), type);
        } catch (JsonProcessingException e) {
            throw new TideException(
                    502, "the server at " + base + " answered with something other than Tide's JSON: " + e, e);
        }
    }

    private TideException unreachable(Throwable cause, Duration timeout, boolean interrupted) {
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
        String why;
        if (cause instanceof HttpConnectTimeoutException) {
            why = "could not connect in time";
        } else if (cause instanceof HttpTimeoutException) {
            why = "did not answer within " + timeout.toMillis() + " ms";
        } else if (cause instanceof ConnectException) {
            why = "refused the connection";
        } else {
            why = "could not be reached (" + cause + ")";
        }
        return new TideException(503, "the Tide server at " + base + " " + why, cause);
    }

    private static HttpRequest.BodyPublisher publisher(Object body) {
        if (body == null) {
            return HttpRequest.BodyPublishers.noBody();
        }
        String json = body instanceof String raw ? raw : Json.write(body);
        return HttpRequest.BodyPublishers.ofString(json, StandardCharsets.UTF_8);
    }

    /** Lets requests in flight finish for a few seconds, then cuts them off. */
    @Override
    public void close() {
        client.shutdown();
        try {
            if (!client.awaitTermination(CLOSE_GRACE)) {
                client.shutdownNow();
            }
        } catch (InterruptedException e) {
            client.shutdownNow();
            Thread.currentThread().interrupt();
        }
    }
}
