package dev.tide.cli.testing;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tide.api.json.Json;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/**
 * A worker over plain HTTP that a test freezes with SIGSTOP while it holds a lease: it claims one task of a type with
 * a short lease, then heartbeats it at once and every 300 ms (each one extending by that lease), numbering and announcing each
 * request before it sends it and its answer after. After three heartbeats refused it acknowledges the task as done
 * and exits. Arguments: server URL, worker name, task type, lease (ISO-8601). Its token comes in {@code TIDE_TOKEN}.
 */
public final class PausedHttpWorker {
    private static final int REFUSALS_BEFORE_ACK = 3;

    private PausedHttpWorker() {}

    public static void main(String[] args) throws Exception {
        String base = args[0].endsWith("/") ? args[0] : args[0] + "/";
        String worker = args[1];
        String lease = args[3];
        HttpClient http = HttpClient.newHttpClient();
        JsonNode claimed = post(
                        http,
                        base,
                        "v1/claims",
                        String.format(
                                "{\"queue\":\"default\",\"worker\":\"%s\",\"limit\":1,\"types\":[\"%s\"],"
                                        + "\"leaseDuration\":\"%s\",\"waitFor\":\"PT20S\"}",
                                worker, args[2], lease))
                .body();
        JsonNode first = claimed.path("tasks").path(0);
        long id = first.path("task").path("id").asLong();
        String token = first.path("lease").path("token").asText();
        System.out.println("claimed task " + id);
        int refused = 0;
        for (int n = 1; refused < REFUSALS_BEFORE_ACK; n++) {
            String heartbeat = String.format("{\"token\":\"%s\",\"extension\":\"%s\"}", token, lease);
            if (send(http, base, "heartbeat " + n, "v1/tasks/" + id + "/heartbeat", heartbeat) == 409) {
                refused++;
            }
            Thread.sleep(300);
        }
        String ack = String.format("{\"token\":\"%s\",\"kind\":\"succeed\",\"result\":{\"by\":\"%s\"}}", token, worker);
        send(http, base, "ack 1", "v1/tasks/" + id + "/ack", ack);
        System.out.println("done");
        System.out.flush();
    }

    /** Announces, sends and reports one request; its status, or -1 when it got no answer. */
    private static int send(HttpClient http, String base, String what, String path, String body)
            throws InterruptedException {
        System.out.println("send " + what);
        System.out.flush();
        int status;
        try {
            status = post(http, base, path, body).status();
        } catch (IOException e) {
            status = -1; // no answer (say, a connection the server closed while this process stood still)
        }
        System.out.println(what + " -> " + status);
        System.out.flush();
        return status;
    }

    private record Answer(int status, JsonNode body) {}

    private static Answer post(HttpClient http, String base, String path, String body)
            throws IOException, InterruptedException {
        HttpResponse<String> response = http.send(
                HttpRequest.newBuilder(URI.create(base + path))
                        .timeout(Duration.ofSeconds(30))
                        .header("Content-Type", "application/json")
                        .header("Authorization", "Bearer " + System.getenv("TIDE_TOKEN"))
                        .POST(HttpRequest.BodyPublishers.ofString(body))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        return new Answer(response.statusCode(), Json.mapper().readTree(response.body()));
    }
}
