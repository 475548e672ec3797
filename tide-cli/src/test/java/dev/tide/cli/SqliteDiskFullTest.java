package dev.tide.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tide.api.Ack;
import dev.tide.api.ClaimRequest;
import dev.tide.api.LeasedTask;
import dev.tide.api.NewTask;
import dev.tide.api.json.Json;
import dev.tide.cli.testing.ChildJvm;
import dev.tide.client.TideClient;
import dev.tide.core.store.sqlite.SqliteStore;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A {@code tide server} on SQLite runs out of disk: its data folder is an 8 MiB tmpfs the test mounts, five of its megabytes
 * taken by a filler file. Enqueues over HTTP fill the rest. An enqueue that cannot be written is never answered with
 * success (503 {@code storage_unavailable}, a JSON problem body); the server keeps running; when the filler is deleted
 * it takes enqueues again by itself; everything answered with success, enqueues and acknowledgements, is in the
 * database afterwards, and {@code PRAGMA integrity_check} finds it sound.
 *
 * <p>Mounting needs root; elsewhere the test is skipped with the reason, unless {@code CI=true}, which fails it.
 */
class SqliteDiskFullTest {
    private static final String PAYLOAD = "x".repeat(4096);

    private Path mount;

    @BeforeEach
    void mountSmallDisk() throws Exception {
        mount = Files.createTempDirectory("tide-disk-full-");
        int code = run("mount", "-t", "tmpfs", "-o", "size=8m", "tmpfs", mount.toString());
        if (code != 0) {
            String reason = "cannot mount a tmpfs at " + mount + " (mount exited with " + code + "; needs root)";
            Files.deleteIfExists(mount);
            mount = null;
            if ("true".equalsIgnoreCase(System.getenv("CI"))) {
                throw new IllegalStateException(reason + ", and CI=true");
            }
            Assumptions.abort("skipping: " + reason);
        }
    }

    @AfterEach
    void unmount() throws Exception {
        if (mount != null) {
            assertThat(run("umount", mount.toString())).as("umount " + mount).isZero();
            Files.deleteIfExists(mount);
        }
    }

    @Test
    void aFullDiskRefusesEnqueuesLosesNothingAndTheServerResumesWhenSpaceReturns() throws Exception {
        Path data = Files.createDirectory(mount.resolve("data"));
        Path filler = mount.resolve("filler");
        Files.write(filler, new byte[5 * 1024 * 1024]);
        Set<Long> enqueued = new HashSet<>();
        Set<Long> acked = new HashSet<>();
        try (ChildJvm server = ChildJvm.server(List.of("--data", data.toString()), Map.of(), List.of())) {
            String url = server.awaitServerUrl();
            String token = ServerClients.ofFolder(data);
            HttpClient http = HttpClient.newHttpClient();
            try (TideClient client =
                    TideClient.builder(URI.create(url)).token(token).build()) {
                ackSome(client, enqueued, acked);

                // Fill the disk: every success is remembered, the first refusal is looked at.
                HttpResponse<String> refused = null;
                for (int i = 0; i < 200 && refused == null; i++) {
                    HttpResponse<String> answer = enqueueBatch(http, url, token);
                    if (answer.statusCode() / 100 == 2) {
                        enqueued.addAll(ids(answer));
                    } else {
                        refused = answer;
                    }
                }
                assertThat(refused).as("the disk filled up").isNotNull();
                assertRefusedForSpace(refused);
                // Still full: nothing more is answered with success unless it was written (checked at the end).
                for (int i = 0; i < 3; i++) {
                    HttpResponse<String> answer = enqueueBatch(http, url, token);
                    if (answer.statusCode() / 100 == 2) {
                        enqueued.addAll(ids(answer));
                    } else {
                        assertRefusedForSpace(answer);
                    }
                }
                assertThat(server.isAlive()).as("the server keeps running").isTrue();
                assertThat(status(http, url + "healthz")).as("alive").isEqualTo(200);

                // Space returns: the server takes enqueues again by itself.
                Files.delete(filler);
                long back = System.nanoTime();
                long deadline = back + Duration.ofSeconds(15).toNanos();
                while (true) {
                    HttpResponse<String> answer = enqueueBatch(http, url, token);
                    if (answer.statusCode() / 100 == 2) {
                        enqueued.addAll(ids(answer));
                        break;
                    }
                    assertRefusedForSpace(answer);
                    assertThat(System.nanoTime())
                            .as("enqueues resume; still %s, server said:%n%s", answer.body(), server.output())
                            .isLessThan(deadline);
                    Thread.sleep(200);
                }
                System.out.printf(
                        "SqliteDiskFullTest: enqueues resumed %d ms after space returned%n",
                        (System.nanoTime() - back) / 1_000_000);
                ackSome(client, enqueued, acked);
            }
            server.terminate();
            // the JVM ends through its shutdown hooks, which close the store: 143 is SIGTERM's exit status
            assertThat(server.waitFor(Duration.ofSeconds(30)))
                    .as("exit on SIGTERM")
                    .isIn(0, 143);
            assertThat(server.output()).doesNotContain("Exception in thread");
        }

        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + data.resolve(SqliteStore.FILE_NAME));
                Statement st = c.createStatement()) {
            try (ResultSet rs = st.executeQuery("PRAGMA integrity_check")) {
                rs.next();
                assertThat(rs.getString(1)).isEqualTo("ok");
            }
            Set<Long> present = new HashSet<>();
            Set<Long> succeeded = new HashSet<>();
            try (ResultSet rs = st.executeQuery("SELECT id, state, outcome FROM tide_tasks")) {
                while (rs.next()) {
                    present.add(rs.getLong(1));
                    if ("finished".equals(rs.getString(2)) && "succeeded".equals(rs.getString(3))) {
                        succeeded.add(rs.getLong(1));
                    }
                }
            }
            assertThat(present)
                    .as("every enqueue answered with success is stored")
                    .containsAll(enqueued);
            assertThat(succeeded).as("every accepted acknowledgement is stored").containsAll(acked);
            assertThat(acked).hasSize(40);
        }
    }

    /** Enqueues twenty small tasks, claims them and acknowledges them. */
    private static void ackSome(TideClient client, Set<Long> enqueued, Set<Long> acked) {
        client.enqueueAll(IntStream.range(0, 20)
                        .mapToObj(i -> NewTask.of("small", Map.of("i", i)))
                        .toList())
                .forEach(r -> enqueued.add(r.id()));
        List<LeasedTask> got = client.claim(ClaimRequest.of("default", "w", 20).withTypes(Set.of("small")));
        assertThat(got).hasSize(20);
        client.ackAll(got.stream().map(t -> Ack.succeed(t.lease())).toList()).forEach(r -> {
            assertThat(r.accepted()).isTrue();
            acked.add(r.taskId());
        });
    }

    /** Fifty tasks of 4 KiB each, about 200 KiB on disk. */
    private static HttpResponse<String> enqueueBatch(HttpClient http, String url, String token) throws Exception {
        List<Map<String, Object>> tasks = new ArrayList<>();
        for (int i = 0; i < 50; i++) {
            tasks.add(Map.of("type", "bulk", "payload", Map.of("text", PAYLOAD)));
        }
        return http.send(
                HttpRequest.newBuilder(URI.create(url + "v1/tasks/batch"))
                        .header("Authorization", "Bearer " + token)
                        .header("Content-Type", "application/json")
                        .POST(HttpRequest.BodyPublishers.ofString(Json.write(Map.of("tasks", tasks))))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
    }

    private static void assertRefusedForSpace(HttpResponse<String> answer) {
        assertThat(answer.statusCode()).as(answer.body()).isIn(503, 507);
        assertThat(answer.headers().firstValue("Content-Type").orElse("")).contains("json");
        assertThat(Json.read(answer.body(), Map.class).get("error")).isEqualTo("storage_unavailable");
    }

    @SuppressWarnings("unchecked")
    private static List<Long> ids(HttpResponse<String> answer) {
        List<Map<String, Object>> results =
                (List<Map<String, Object>>) Json.read(answer.body(), Map.class).get("results");
        return results.stream()
                .map(r -> Long.parseLong(String.valueOf(((Map<String, Object>) r.get("task")).get("id"))))
                .toList();
    }

    private static int status(HttpClient http, String url) throws Exception {
        return http.send(HttpRequest.newBuilder(URI.create(url)).build(), HttpResponse.BodyHandlers.discarding())
                .statusCode();
    }

    private static int run(String... command) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        p.getInputStream().transferTo(java.io.OutputStream.nullOutputStream());
        if (!p.waitFor(30, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            return -1;
        }
        return p.exitValue();
    }
}
