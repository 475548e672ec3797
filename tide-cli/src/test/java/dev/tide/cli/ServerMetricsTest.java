package dev.tide.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tide.api.NewTask;
import dev.tide.cli.testing.ChildJvm;
import dev.tide.client.TideClient;
import dev.tide.core.testing.TempFolders;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** {@code tide server} as a process: Prometheus metrics (the engine's and the JVM's) and the readiness probe. */
class ServerMetricsTest {
    private final Path folder = TempFolders.create("tide-metrics-");

    @AfterEach
    void clean() {
        TempFolders.delete(folder);
    }

    @Test
    void aServerProcessServesMetricsAndReadiness() throws Exception {
        try (ChildJvm server = ChildJvm.server(List.of("--data", folder.toString()), Map.of(), List.of())) {
            URI url = URI.create(server.awaitServerUrl());
            try (TideClient tide = TideClient.builder(url)
                    .token(ServerClients.ofFolder(folder))
                    .build()) {
                tide.enqueue(NewTask.of("report", null));
                tide.enqueue(NewTask.of("report", null));
            }
            HttpClient http = HttpClient.newBuilder()
                    .connectTimeout(Duration.ofSeconds(5))
                    .build();

            HttpResponse<String> metrics = http.send(
                    HttpRequest.newBuilder(url.resolve("metrics"))
                            .header("Authorization", "Bearer " + ServerClients.ofFolder(folder))
                            .build(),
                    HttpResponse.BodyHandlers.ofString());
            HttpResponse<String> ready = http.send(
                    HttpRequest.newBuilder(url.resolve("readyz")).build(), HttpResponse.BodyHandlers.ofString());

            assertThat(metrics.statusCode()).isEqualTo(200);
            assertThat(metrics.body())
                    .contains("tide_tasks_enqueued_total{queue=\"default\",type=\"report\"} 2.0")
                    .contains("tide_queue_depth{queue=\"default\",state=\"ready\"} 2.0")
                    .contains("jvm_memory_used_bytes");
            assertThat(ready.statusCode()).isEqualTo(200);
            assertThat(ready.body()).contains("\"ready\"");
        }
    }
}
