package dev.tide.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tide.cli.testing.ChildJvm;
import dev.tide.cli.testing.CliRun;
import dev.tide.core.testing.TempFolders;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** {@code tide server}'s limits on clients reach the server it starts; a wrong one is refused before anything opens. */
class ServerLimitOptionsTest {
    private final Path folder = TempFolders.create("tide-cli-limits-");
    private final Path data = folder.resolve("data");

    @AfterEach
    void clean() {
        TempFolders.delete(folder);
    }

    @Test
    void theSignInThrottleOfTheCommandLineApplies() throws Exception {
        try (ChildJvm server = ChildJvm.server(
                        List.of("--data", data.toString(), "--sign-ins-per-address", "1"), Map.of(), List.of());
                HttpClient http = HttpClient.newHttpClient()) {
            URI sessions = URI.create(server.awaitServerUrl()).resolve("v1/sessions");
            HttpRequest signIn = HttpRequest.newBuilder(sessions)
                    .header("Content-Type", "application/json")
                    .POST(HttpRequest.BodyPublishers.ofString("{\"user\":\"nobody\",\"password\":\"wrong\"}"))
                    .build();

            assertThat(http.send(signIn, HttpResponse.BodyHandlers.ofString()).statusCode())
                    .isEqualTo(401);
            HttpResponse<String> second = http.send(signIn, HttpResponse.BodyHandlers.ofString());
            assertThat(second.statusCode()).isEqualTo(429);
            assertThat(Integer.parseInt(
                            second.headers().firstValue("Retry-After").orElseThrow()))
                    .isBetween(1, 60);
        }
    }

    @Test
    void aZeroTimeoutIsOneLineAndOpensNothing() {
        CliRun run = CliRun.of("server", "--data", data.toString(), "--request-head-timeout", "0s");

        assertThat(run.code()).isEqualTo(1);
        assertThat(run.err()).isEqualTo("tide: --request-head-timeout: must be positive\n");
        assertThat(data).doesNotExist();
    }
}
