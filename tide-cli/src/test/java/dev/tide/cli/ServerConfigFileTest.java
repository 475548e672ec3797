package dev.tide.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tide.api.Discipline;
import dev.tide.api.NewTask;
import dev.tide.api.PayloadTooLargeException;
import dev.tide.api.ProcessorInfo;
import dev.tide.api.Profile;
import dev.tide.api.QueueDefinition;
import dev.tide.api.QueueInfo;
import dev.tide.api.ScheduleInfo;
import dev.tide.api.TaskType;
import dev.tide.api.auth.NewAccount;
import dev.tide.api.auth.Role;
import dev.tide.cli.testing.ChildJvm;
import dev.tide.cli.testing.CliRun;
import dev.tide.client.TideClient;
import dev.tide.core.testing.PostgresTestDatabase;
import dev.tide.core.testing.TempFolders;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.assertj.core.api.ThrowableAssert;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * {@code tide server --config tide.yaml} in a process of its own: the file's settings apply, the environment overrides
 * the file and flags override both, the objects it names are created, updated to match at the next start and never
 * deleted, and the dashboard marks the ones the file manages.
 */
class ServerConfigFileTest {
    private static final String FULL = """
            tide:
              payload-cap: 1MB
              blobs:
                payload-cap: 8MB
              server:
                port: 1            # the test's --port 0 wins
                grace: 2s
              dashboard:
                base-path: /ops
              task-types:
                send-mail: {max-attempts: 3, lease-duration: 2m}
              job-types:
                import: {priority: 4}
              queues:
                emails: {discipline: fair, default-allocation: 2}
                reports:
              profiles:
                mail-hours:
                  task-type: send-mail
                  zone: Europe/Zurich
                  entries:
                    - {name: office, days: [monday, friday], from: "08:00", until: "18:00", limits: {max-per-hour: 100}}
              schedules:
                nightly: {cron: "0 3 * * *", task: {type: send-mail, queue: emails}}
              processors:
                mailers: {kind: remote, queue: emails, types: [send-mail]}
            """;

    private static final String SMALLER = """
            tide:
              dashboard:
                base-path: /ops
              queues:
                emails: {discipline: fair, default-allocation: 2}
            """;

    private final Path folder = TempFolders.create("tide-cli-config-");
    private final Path data = folder.resolve("data");
    private final Path file = folder.resolve("tide.yaml");

    @AfterEach
    void clean() {
        TempFolders.delete(folder);
    }

    @Test
    void theFileSetsUpTheServerAndItsObjectsAndASecondStartUpdatesAndDeletesNothing() throws Exception {
        Files.writeString(file, FULL);
        List<String> storage = List.of("--data", data.toString());
        try (ChildJvm server = start(
                        storage,
                        Map.of("TIDE_PAYLOADCAP", "2KB", "TIDE_BLOBS_PAYLOAD_CAP", "2KB", "TIDE_SERVR_PORT", "1"));
                TideClient client = ServerClients.connect(server.awaitServerUrl(), storage)) {
            assertThat(client.queues().list())
                    .filteredOn(q -> q.name().equals("emails"))
                    .singleElement()
                    .satisfies(q -> assertThat(q.discipline()).isEqualTo(Discipline.FAIR));
            assertThat(client.queues().list()).extracting(QueueInfo::name).contains("reports");
            assertThat(client.taskTypes())
                    .extracting(TaskType::name, TaskType::maxAttempts)
                    .contains(org.assertj.core.groups.Tuple.tuple("send-mail", 3));
            assertThat(client.jobTypes()).extracting(j -> j.name()).contains("import");
            assertThat(client.profiles().list()).extracting(Profile::key).containsExactly("task:send-mail");
            assertThat(client.schedules().list())
                    .extracting(s -> s.schedule().name())
                    .containsExactly("nightly");
            assertThat(client.processors().list())
                    .extracting(ProcessorInfo::name)
                    .containsExactly("mailers");
            // the environment's payload caps (2KB, in both forms of names) over the file's (1MB, 8MB with blobs)
            refused(() -> client.enqueue(NewTask.of("send-mail", "{\"pad\":\"" + "x".repeat(3000) + "\"}")));

            // a misspelt variable is not refused, but not silent either
            assertThat(server.output()).contains("the environment variable TIDE_SERVR_PORT names no Tide setting");

            Dashboard dashboard = Dashboard.signedIn(server.awaitServerUrl(), client);
            assertThat(dashboard.page("/ops/queues/emails")).contains("managed by tide.yaml", "overwritten");
            assertThat(dashboard.page("/ops/schedules")).contains("managed by tide.yaml");
            assertThat(dashboard.page("/ops/processors")).contains("managed by tide.yaml");
            assertThat(dashboard.page("/ops/profiles")).contains("managed by tide.yaml");

            // edited while the server runs: the next start puts the file's definition back
            client.queues().define(QueueDefinition.named("emails").withDiscipline(Discipline.FIFO));
            server.terminate();
            assertThat(server.waitFor(java.time.Duration.ofSeconds(20))).isNotEqualTo(-1);
        }

        Files.writeString(file, SMALLER);
        try (ChildJvm server = start(storage, Map.of());
                TideClient client = ServerClients.connect(server.awaitServerUrl(), storage)) {
            assertThat(client.queues().list())
                    .filteredOn(q -> q.name().equals("emails"))
                    .singleElement()
                    .satisfies(q -> assertThat(q.discipline()).isEqualTo(Discipline.FAIR));
            // nothing the smaller file leaves out is deleted...
            assertThat(client.queues().list()).extracting(QueueInfo::name).contains("reports");
            assertThat(client.taskTypes()).extracting(TaskType::name).contains("send-mail");
            assertThat(client.profiles().list()).extracting(Profile::key).containsExactly("task:send-mail");
            assertThat(client.schedules().list())
                    .extracting(ScheduleInfo::schedule)
                    .hasSize(1);
            assertThat(client.processors().list())
                    .extracting(ProcessorInfo::name)
                    .containsExactly("mailers");
            // ...and only what it names is marked
            Dashboard dashboard = Dashboard.signedIn(server.awaitServerUrl(), client);
            assertThat(dashboard.page("/ops/queues/emails")).contains("managed by tide.yaml");
            assertThat(dashboard.page("/ops/queues/reports")).doesNotContain("managed by");
            assertThat(dashboard.page("/ops/schedules")).doesNotContain("managed by");
            assertThat(dashboard.page("/ops/processors")).doesNotContain("managed by");
        }
    }

    @Test
    void onPostgresqlTheUrlComesFromTheEnvironmentAndTheSchemaFromTheFile() throws Exception {
        try (PostgresTestDatabase db = PostgresTestDatabase.create("config_file")) {
            Files.writeString(file, """
                    tide:
                      store: postgresql
                      postgres: {schema: %s, pool-size: 2}
                      node-name: config-node
                      queues:
                        emails: {discipline: edf}
                    """.formatted(db.schema()));
            try (ChildJvm server = start(List.of(), Map.of("TIDE_POSTGRES_URL", PostgresTestDatabase.baseUrl()))) {
                String url = server.awaitServerUrl();
                assertThat(server.output()).contains("(PostgreSQL, node config-node)");
                try (TideClient client = TideClient.builder(URI.create(url))
                        .token(ServerClients.adminToken(db.url()))
                        .build()) {
                    assertThat(client.queues().list())
                            .filteredOn(q -> q.name().equals("emails"))
                            .singleElement()
                            .satisfies(q -> assertThat(q.discipline()).isEqualTo(Discipline.EDF));
                }
            }
        }
    }

    @Test
    void aBadFileIsOneLineAndOpensNothing() throws IOException {
        Files.writeString(file, "tide:\n  server:\n    prot: 8080\n");
        CliRun unknown = CliRun.of("server", "--config", file.toString(), "--data", data.toString());
        Files.writeString(file, "tide:\n  retention: soon\n");
        CliRun bad = CliRun.of("server", "--config", file.toString(), "--data", data.toString());

        assertThat(unknown.code()).isEqualTo(1);
        assertThat(unknown.err())
                .startsWith("tide: tide.yaml: unknown key tide.server.prot (allowed: port, host, tls,")
                .hasLineCount(1);
        assertThat(bad.code()).isEqualTo(1);
        assertThat(bad.err())
                .isEqualTo("tide: tide.yaml: tide.retention: 'soon' is not a duration or forever (e.g. 30s, 5m, 7d,"
                        + " forever)\n");
        assertThat(data).doesNotExist();
    }

    @Test
    void otherCommandsFindTheStoreInTheFile() throws IOException {
        Files.writeString(file, "tide:\n  data-folder: " + data + "\n");

        CliRun migrate = CliRun.of("migrate", "--config", file.toString());
        CliRun status = CliRun.of("status", "--config", file.toString());

        assertThat(migrate.code()).as(migrate.err()).isZero();
        assertThat(data.resolve("tide.db")).exists();
        assertThat(status.code()).as(status.err()).isZero();
    }

    @Test
    void configCheckPrintsTheEffectiveSettings() throws IOException {
        Files.writeString(file, "tide:\n  retention: 3d\n  postgres: {password-env: PGPASS}\n");

        CliRun check = CliRun.of("config", "check", "--config", file.toString());

        assertThat(check.code()).as(check.err()).isZero();
        assertThat(check.out()).contains("retention: 3d", "port: 7070", "password-env: PGPASS", "base-path: /ui");
    }

    private ChildJvm start(List<String> storage, Map<String, String> env) {
        List<String> args = new java.util.ArrayList<>(List.of("--config", file.toString()));
        args.addAll(storage);
        return ChildJvm.server(args, env, List.of());
    }

    private static void refused(ThrowableAssert.ThrowingCallable enqueue) {
        org.assertj.core.api.Assertions.assertThatThrownBy(enqueue).isInstanceOf(PayloadTooLargeException.class);
    }

    /** The dashboard over HTTP, signed in as an administrator made for the test. */
    private record Dashboard(HttpClient http, String root, String cookie) {
        static Dashboard signedIn(String url, TideClient client) throws Exception {
            String root = url.endsWith("/") ? url.substring(0, url.length() - 1) : url;
            String password = "a long enough password";
            try {
                client.accounts().addAccount(NewAccount.of("ops", Role.ADMIN).withPassword(password));
            } catch (dev.tide.api.ConflictException exists) {
                // the second start finds the account of the first
            }
            HttpClient http = HttpClient.newBuilder()
                    .followRedirects(HttpClient.Redirect.NEVER)
                    .build();
            HttpResponse<String> signIn = http.send(
                    HttpRequest.newBuilder(URI.create(root + "/ops/sign-in"))
                            .header("Content-Type", "application/x-www-form-urlencoded")
                            .POST(HttpRequest.BodyPublishers.ofString(
                                    "user=ops&password=" + URLEncoder.encode(password, StandardCharsets.UTF_8)))
                            .build(),
                    HttpResponse.BodyHandlers.ofString());
            String cookie = signIn.headers()
                    .firstValue("Set-Cookie")
                    .orElseThrow(() -> new AssertionError("no session: " + signIn.statusCode()))
                    .split(";", 2)[0];
            return new Dashboard(http, root, cookie);
        }

        String page(String path) throws Exception {
            HttpResponse<String> page = http.send(
                    HttpRequest.newBuilder(URI.create(root + path))
                            .header("Cookie", cookie)
                            .build(),
                    HttpResponse.BodyHandlers.ofString());
            assertThat(page.statusCode()).as(path).isEqualTo(200);
            return page.body();
        }
    }
}
