package dev.tide.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tide.api.json.Json;
import dev.tide.cli.testing.ChildJvm;
import dev.tide.cli.testing.CliRun;
import dev.tide.core.testing.TempFolders;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** {@code tide server --log-format json}: every log line is one JSON object a log shipper parses as it is. */
class ServerLogFormatTest {
    private final Path folder = TempFolders.create("tide-logs-");

    @AfterEach
    void clean() {
        TempFolders.delete(folder);
    }

    @Test
    void jsonLogsAreOneObjectPerLine() throws Exception {
        try (ChildJvm server =
                ChildJvm.server(List.of("--data", folder.toString(), "--log-format", "json"), Map.of(), List.of())) {
            server.awaitServerUrl();
            server.terminate();
            server.waitFor(java.time.Duration.ofSeconds(30));
            List<String> logLines =
                    server.output().lines().filter(line -> line.startsWith("{")).toList();

            assertThat(logLines).isNotEmpty();
            List<JsonNode> events = logLines.stream()
                    .map(line -> Json.read(line, JsonNode.class))
                    .toList();
            assertThat(events).allSatisfy(e -> {
                assertThat(e.path("level").asText()).isNotEmpty();
                assertThat(e.path("timestamp").asLong()).isPositive();
                assertThat(e.path("loggerName").asText()).isNotEmpty();
            });
            assertThat(events)
                    .anySatisfy(e -> assertThat(e.path("formattedMessage").asText())
                            .startsWith("Tide server listening on http://127.0.0.1:"));
        }
    }

    @Test
    void anUnknownFormatIsRefused() {
        CliRun refused = CliRun.of("server", "--data", folder.toString(), "--log-format", "xml");
        assertThat(refused.code()).isEqualTo(2);
        assertThat(refused.err()).contains("'xml' is not text or json");
    }
}
