package dev.tide.campus.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tide.campus.app.web.ReadyBanner;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The jar {@code ./campus} runs (target/tide-campus-app.jar, repackaged by Spring Boot's plugin), started with
 * {@code java -jar} in a child JVM with its own settings, the demo included: it prints its URL, answers its home page
 * and the dashboard, and stops on SIGTERM. Run by failsafe, after the jar is built.
 */
class CampusJarIT {
    private static final Pattern URL = Pattern.compile(ReadyBanner.READY + "(http://\\S+)");
    private static final Pattern DASHBOARD = Pattern.compile("Tide's dashboard: (http://\\S+)");

    @TempDir
    Path folder;

    @Test
    void theJarStartsPrintsItsUrlAndAnswersItsPagesAndTheDashboard() throws Exception {
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
        List<String> output = java.util.Collections.synchronizedList(new ArrayList<>());
        CompletableFuture<String[]> urls = new CompletableFuture<>();
        Thread.ofPlatform().daemon().start(() -> readOutput(app, output, urls));
        try {
            String[] ready = urls.get(60, TimeUnit.SECONDS);

            HttpResponse<String> home = new Browser(ready[0]).get("");
            HttpResponse<String> signIn = new Browser(ready[1]).get("/sign-in");

            assertThat(home.statusCode()).isEqualTo(200);
            assertThat(home.body()).contains("The campus application", "campus-admin");
            assertThat(signIn.statusCode()).isEqualTo(200);
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
        assertThat(Files.exists(folder.resolve("tide"))).isTrue();
    }

    /**
     * Reads everything the application prints (so that it never blocks on a full pipe), completing {@code urls} with
     * its URL and the dashboard's once it has printed them.
     */
    private static void readOutput(Process app, List<String> output, CompletableFuture<String[]> urls) {
        try (BufferedReader lines =
                new BufferedReader(new InputStreamReader(app.getInputStream(), StandardCharsets.UTF_8))) {
            String url = null;
            for (String line = lines.readLine(); line != null; line = lines.readLine()) {
                output.add(line);
                Matcher ready = URL.matcher(line);
                Matcher dashboard = DASHBOARD.matcher(line);
                if (ready.find()) {
                    url = ready.group(1);
                } else if (url != null && dashboard.find()) {
                    urls.complete(new String[] {url, dashboard.group(1)});
                }
            }
            urls.completeExceptionally(new IllegalStateException("the jar ended before printing its URL"));
        } catch (IOException e) {
            urls.completeExceptionally(e);
        }
    }
}
