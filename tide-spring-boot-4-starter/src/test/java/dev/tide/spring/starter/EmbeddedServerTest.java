package dev.tide.spring.starter;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tide.server.TideServer;
import dev.tide.spring.starter.app.StarterTestApplication;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/** On Boot 4, tide.server.enabled runs Tide's HTTP API and the dashboard on a port of their own. */
@SpringBootTest(
        classes = StarterTestApplication.class,
        webEnvironment = SpringBootTest.WebEnvironment.NONE,
        properties = {"tide.server.enabled=true", "tide.server.port=0", "tide.dashboard.base-path=/tide-ui"})
class EmbeddedServerTest {
    @TempDir
    static Path folder;

    @DynamicPropertySource
    static void store(DynamicPropertyRegistry registry) {
        registry.add("tide.data-folder", () -> folder.toString());
        registry.add("spring.datasource.url", () -> "jdbc:sqlite:" + folder.resolve("application.db"));
    }

    @Autowired
    TideServer server;

    @Test
    void theApiAndTheDashboardAnswerOnTheirOwnPort() throws Exception {
        String base = "http://127.0.0.1:" + server.port();

        assertThat(Http.get(base + "/healthz").statusCode()).isEqualTo(200);
        HttpResponse<String> signIn = Http.get(base + "/tide-ui/sign-in");
        assertThat(signIn.statusCode()).isEqualTo(200);
        assertThat(signIn.body()).contains("<form");
    }
}
