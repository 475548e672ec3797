package dev.tide.campus.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tide.campus.app.demo.DemoAdmin;
import dev.tide.server.TideServer;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * The application on a fresh machine, as {@code ./campus} starts it ({@code campus.demo=true}, its default): demo data,
 * mail to the application's own SMTP server, and the starter's worker pools running the handlers on the real clock.
 */
@SpringBootTest(
        classes = CampusApplication.class,
        webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {"tide.server.port=0", "tide.maintenance-interval=200ms"})
@DirtiesContext
class CampusDemoTest {
    @TempDir
    static Path folder;

    @DynamicPropertySource
    static void folders(DynamicPropertyRegistry registry) {
        registry.add("campus.mail-folder", () -> folder.resolve("mail").toString());
        registry.add("campus.upload-folder", () -> folder.resolve("uploads").toString());
        registry.add("tide.data-folder", () -> folder.resolve("tide").toString());
    }

    @Autowired
    DemoAdmin admin;

    @Autowired
    TideServer tideServer;

    @LocalServerPort
    int port;

    @Test
    void theSampleFileQueuedIsImportedByTheWorkerPoolAndItsReportArrivesInTheDemosMailbox() throws Exception {
        Browser browser = Browser.on(port);
        HttpResponse<String> sample = browser.get("/demo/sample.csv");
        assertThat(sample.statusCode()).isEqualTo(200);

        HttpResponse<String> queued = browser.upload(
                "/enrollments/upload",
                Map.of("uploader", "registrar@university.example", "mode", "queued"),
                "sample.csv",
                sample.body().getBytes(StandardCharsets.UTF_8));
        assertThat(queued.statusCode()).as(queued.body()).isEqualTo(303);
        String progress = queued.headers().firstValue("Location").orElseThrow();

        Instant deadline = Instant.now().plus(Duration.ofSeconds(30));
        while (!browser.get(progress).body().contains("Finished")
                && Instant.now().isBefore(deadline)) {
            Thread.sleep(100);
        }
        assertThat(browser.get(progress).body()).contains("Finished", "<dd id=\"enrolled\">25</dd>");
        while (!browser.get("/demo/mailbox").body().contains("sample.csv")
                && Instant.now().isBefore(deadline)) {
            Thread.sleep(100);
        }
        assertThat(browser.get("/demo/mailbox").body())
                .contains("Enrollment import 'sample.csv': 25 enrolled, 3 rejected")
                .contains("To registrar@university.example")
                .contains("no student S999999");
    }

    @Test
    void theHomePageGivesTheDemoAdministratorsPasswordWhichSignsInToTheDashboard() throws Exception {
        Browser browser = Browser.on(port);

        HttpResponse<String> home = browser.get("/");
        HttpResponse<String> signIn = browser.post(
                "http://127.0.0.1:" + tideServer.port() + "/ui/sign-in",
                Map.of("user", admin.name(), "password", admin.password()));

        assertThat(home.body()).contains(DemoAdmin.NAME, admin.password(), "/demo/mailbox", "/demo/sample.csv");
        assertThat(signIn.statusCode()).as(signIn.body()).isEqualTo(303);
        assertThat(signIn.headers().firstValue("Set-Cookie")).isPresent();
    }
}
