package dev.tide.campus.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tide.campus.app.web.ReadyBanner;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The jar {@code ./campus} runs (target/tide-campus-app.jar, repackaged by Spring Boot's plugin), started with
 * {@code java -jar} in a child JVM with its default settings but the ports and folders: the demo on a fresh machine.
 * It prints its URL and the dashboard's with the demo administrator's password; the sample file uploaded queued is
 * imported by the starter's worker pool on the real clock, and its report arrives in the demo's mailbox; the password
 * signs in to the dashboard; SIGTERM stops it. Run by failsafe, once the jar is built.
 */
class CampusJarIT {
    private static final Pattern READY = Pattern.compile(ReadyBanner.READY + "(http://\\S+)");
    private static final Pattern DASHBOARD =
            Pattern.compile("Tide's dashboard: (http://\\S+) \\(sign in as (\\S+), password (\\S+)\\)");
    private static final Duration PATIENCE = Duration.ofSeconds(60);

    @TempDir
    Path folder;

    /** What the application printed once up. */
    private record Ready(String url, String dashboard, String admin, String password) {}

    @Test
    void theDemoStartsFromTheJarImportsTheSampleFileQueuedAndMailsItsReportToItsOwnMailbox() throws Exception {
        Path jar = Path.of(System.getProperty("campus.jar", "target/tide-campus-app.jar"));
        assertThat(jar).exists();
        Process app = new ProcessBuilder(
                        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                        "-jar",
                        jar.toString(),
                        "--server.port=0",
                        "--tide.server.port=0",
                        "--tide.data-folder=" + folder.resolve("tide"),
                        "--campus.mail-folder=" + folder.resolve("mail"),
                        "--campus.upload-folder=" + folder.resolve("uploads"))
                .redirectErrorStream(true)
                .start();
        List<String> output = Collections.synchronizedList(new ArrayList<>());
        CompletableFuture<Ready> up = new CompletableFuture<>();
        Thread.ofPlatform().daemon().start(() -> readOutput(app, output, up));
        try {
            Ready ready = up.get(PATIENCE.toSeconds(), TimeUnit.SECONDS);
            Browser browser = new Browser(ready.url().replaceAll("/$", ""));

            HttpResponse<String> home = browser.get("/");
            assertThat(home.statusCode()).isEqualTo(200);
            assertThat(home.body()).contains("The campus application", ready.admin(), ready.password());

            String sample = browser.get("/demo/sample.csv").body();
            HttpResponse<String> queued = browser.upload(
                    "/enrollments/upload",
                    Map.of("uploader", "registrar@university.example", "mode", "queued"),
                    "sample.csv",
                    sample.getBytes(StandardCharsets.UTF_8));
            assertThat(queued.statusCode()).as(queued.body()).isEqualTo(303);
            String progress = queued.headers().firstValue("Location").orElseThrow();
            assertThat(await(browser, progress, page -> page.contains("Finished")))
                    .contains("<dd id=\"enrolled\">25</dd>", "<dd id=\"rejected\">3</dd>");
            assertThat(await(browser, "/demo/mailbox", page -> page.contains("sample.csv")))
                    .contains("Enrollment import 'sample.csv': 25 enrolled, 3 rejected")
                    .contains("To registrar@university.example")
                    .contains("no student S999999");

            HttpResponse<String> signIn = browser.post(
                    ready.dashboard() + "/sign-in", Map.of("user", ready.admin(), "password", ready.password()));
            assertThat(signIn.statusCode()).as(signIn.body()).isEqualTo(303);
            assertThat(signIn.headers().firstValue("Set-Cookie")).isPresent();
        } catch (Exception | AssertionError e) {
            throw new AssertionError("the jar's output:\n" + String.join("\n", List.copyOf(output)), e);
        } finally {
            app.destroy();
            boolean stopped = app.waitFor(30, TimeUnit.SECONDS);
            if (!stopped) {
                app.destroyForcibly();
            }
            assertThat(stopped).as("stopped on SIGTERM").isTrue();
        }
    }

    /** The page at {@code path} once it satisfies {@code done}, polled; the last one read if it never does. */
    private static String await(Browser browser, String path, Predicate<String> done) throws Exception {
        Instant deadline = Instant.now().plus(PATIENCE);
        String page = browser.get(path).body();
        while (!done.test(page) && Instant.now().isBefore(deadline)) {
            Thread.sleep(100);
            page = browser.get(path).body();
        }
        return page;
    }

    /**
     * Reads everything the application prints (so that it never blocks on a full pipe), completing {@code up} once it
     * has printed its URL and the dashboard's.
     */
    private static void readOutput(Process app, List<String> output, CompletableFuture<Ready> up) {
        try (BufferedReader lines =
                new BufferedReader(new InputStreamReader(app.getInputStream(), StandardCharsets.UTF_8))) {
            String url = null;
            for (String line = lines.readLine(); line != null; line = lines.readLine()) {
                output.add(line);
                Matcher ready = READY.matcher(line);
                Matcher dashboard = DASHBOARD.matcher(line);
                if (ready.find()) {
                    url = ready.group(1);
                } else if (url != null && dashboard.find()) {
                    up.complete(new Ready(url, dashboard.group(1), dashboard.group(2), dashboard.group(3)));
                }
            }
            up.completeExceptionally(new IllegalStateException("the jar ended before printing its URL"));
        } catch (IOException e) {
            up.completeExceptionally(e);
        }
    }
}
