package dev.tide.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tide.api.Discipline;
import dev.tide.api.ProcessorKind;
import dev.tide.api.RetryBackoff;
import dev.tide.core.testing.TempFolders;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.DayOfWeek;
import java.time.Duration;
import java.time.LocalTime;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** tide.yaml, TIDE_ variables and flags, layered and checked: every kind of key, and every way to get one wrong. */
class SettingsLoaderTest {
    private final Path folder = TempFolders.create("tide-config-");

    @AfterEach
    void clean() {
        TempFolders.delete(folder);
    }

    private Path file(String yaml) {
        try {
            return Files.writeString(folder.resolve("tide.yaml"), yaml);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private TideSettings load(String yaml) {
        return SettingsLoader.load(file(yaml), Map.of(), List.of()).settings();
    }

    private String refusal(String yaml) {
        return refusal(yaml, Map.of());
    }

    private String refusal(String yaml, Map<String, String> env) {
        try {
            SettingsLoader.load(file(yaml), env, List.of());
        } catch (SettingsException e) {
            return e.getMessage();
        }
        throw new AssertionError("accepted:\n" + yaml);
    }

    @Test
    void withoutAFileEverySettingHasItsDefault() {
        TideSettings s = SettingsLoader.load(null, Map.of(), List.of()).settings();

        assertThat(s.store()).isEqualTo(StoreKind.SQLITE);
        assertThat(s.dataFolder()).isEqualTo(Path.of("tide-data"));
        assertThat(s.payloadCap().bytes()).isEqualTo(1024 * 1024);
        assertThat(s.retention().duration()).isEqualTo(Duration.ofDays(7));
        assertThat(s.taskDefaults().maxAttempts()).isEqualTo(5);
        assertThat(s.taskDefaults().backoff().initial()).isEqualTo(Duration.ofSeconds(5));
        assertThat(s.server().port()).isEqualTo(7070);
        assertThat(s.server().host()).isEqualTo("127.0.0.1");
        assertThat(s.dashboard().enabled()).isTrue();
        assertThat(s.nodeName()).isNull();
        assertThat(s.namesObjects()).isFalse();
        assertThat(EngineSettings.tideConfig(s)).isEqualTo(dev.tide.core.TideConfig.defaults());
    }

    @Test
    void everyKindOfValueIsRead() {
        TideSettings s = load("""
                tide:
                  store: PostgreSQL
                  postgres:
                    url: jdbc:postgresql://127.0.0.1/tide
                    pool-size: 3
                    connect-timeout: PT2S
                  node-name: node-a
                  list-indexes: true
                  payload-cap: 2MB
                  retention: forever
                  poll-interval: 500ms
                  task-defaults:
                    max-attempts: 9
                    backoff: {initial: 1s, max: 10m}
                  events: {retention: 10d}
                  digest: {interval: 1h, recipients: [ann, bob]}
                  deadlines: {warning-margin: 0s}
                  blobs: {threshold: 512KB, payload-cap: 1048576}
                  nodes: {heartbeat: 5s, keep: forever}
                  server: {port: 0, host: 0.0.0.0, allow-plain-http: true, jmx-port: 9010, log-format: json}
                  dashboard: {enabled: false, base-path: /tools/queue}
                  intake: {inbox: in, poll: 3s}
                """);

        assertThat(s.store()).isEqualTo(StoreKind.POSTGRESQL);
        assertThat(s.postgres().poolSize()).isEqualTo(3);
        assertThat(s.postgres().connectTimeout()).isEqualTo(Duration.ofSeconds(2));
        assertThat(s.nodeName()).isEqualTo("node-a");
        assertThat(s.listIndexes()).isTrue();
        assertThat(s.payloadCap().bytes()).isEqualTo(2 * 1024 * 1024);
        assertThat(s.retention()).isEqualTo(Lifetime.FOREVER);
        assertThat(s.pollInterval()).isEqualTo(Duration.ofMillis(500));
        assertThat(s.taskDefaults().maxAttempts()).isEqualTo(9);
        assertThat(s.taskDefaults().leaseDuration()).isEqualTo(Duration.ofMinutes(5));
        assertThat(s.taskDefaults().backoff().initial()).isEqualTo(Duration.ofSeconds(1));
        assertThat(s.taskDefaults().backoff().multiplier()).isEqualTo(2.0);
        assertThat(s.events().retention().duration()).isEqualTo(Duration.ofDays(10));
        assertThat(s.digest().recipients()).containsExactly("ann", "bob");
        assertThat(s.deadlines().warningMargin()).isZero();
        assertThat(s.blobs().threshold().bytes()).isEqualTo(512 * 1024);
        assertThat(s.nodes().keep()).isEqualTo(Lifetime.FOREVER);
        assertThat(s.server().port()).isZero();
        assertThat(s.server().jmxPort()).isEqualTo(9010);
        assertThat(s.dashboard().basePath()).isEqualTo("/tools/queue");
        assertThat(s.intake().inbox()).isEqualTo(Path.of("in"));
        dev.tide.core.TideConfig config = EngineSettings.tideConfig(s);
        assertThat(config.retention()).isNull();
        assertThat(config.nodes().retention()).isNull();
        assertThat(config.stats().digestRecipients()).containsExactly("ann", "bob");
    }

    @Test
    void objectsAreReadByTheirKeys() {
        TideSettings s = load("""
                tide:
                  queues:
                    emails: {discipline: fair, default-allocation: 2, max-pending-per-user: 100}
                    plain:
                  task-types:
                    send-mail: {max-attempts: 3, lease-duration: 2m, coalescing: replace}
                  job-types:
                    import: {priority: 4, task-defaults: {max-attempts: 2}}
                  profiles:
                    mail-hours:
                      task-type: send-mail
                      zone: Europe/Zurich
                      entries:
                        - {name: office, days: [MONDAY, TUESDAY], from: "08:00", until: "18:00", limits: {max-per-hour: 100}}
                  schedules:
                    nightly: {cron: "0 3 * * *", task: {type: send-mail, queue: emails, payload: {to: ops}}}
                  processors:
                    mailer: {queue: emails, types: [send-mail], threads: 2}
                """);

        assertThat(s.queues().get("emails").discipline()).isEqualTo(Discipline.FAIR);
        assertThat(s.queues().get("emails").defaultAllocation()).isEqualTo(2);
        assertThat(s.queues().get("emails").maxPendingPerUser()).isEqualTo(100);
        assertThat(s.queues().get("plain").name()).isEqualTo("plain");
        assertThat(s.taskTypes().get("send-mail").maxAttempts()).isEqualTo(3);
        assertThat(s.jobTypes().get("import").taskDefaults().maxAttempts()).isEqualTo(2);
        assertThat(s.profiles().get("mail-hours").entries().get(0).days())
                .containsExactlyInAnyOrder(DayOfWeek.MONDAY, DayOfWeek.TUESDAY);
        assertThat(s.profiles().get("mail-hours").entries().get(0).from()).isEqualTo(LocalTime.of(8, 0));
        assertThat(s.schedules().get("nightly").task().payload()).isEqualTo("{\"to\":\"ops\"}");
        assertThat(s.processors().get("mailer").kind()).isEqualTo(ProcessorKind.LOCAL);
        assertThat(s.processors().get("mailer").threads()).isEqualTo(2);
    }

    @Test
    void aTypesBackoffThatGivesSomeFieldsTakesTheOthersFromTheTaskDefaults() {
        TideSettings s = load("""
                tide:
                  task-defaults:
                    backoff: {max: 2h}
                  task-types:
                    send-mail: {backoff: {initial: 10s}}
                  job-types:
                    import: {task-defaults: {backoff: {jitter: 0}}}
                """);

        RetryBackoff mail = s.taskTypes().get("send-mail").backoff();
        assertThat(mail).isEqualTo(new RetryBackoff(Duration.ofSeconds(10), 2.0, Duration.ofHours(2), 0.2));
        assertThat(s.jobTypes().get("import").taskDefaults().backoff())
                .isEqualTo(new RetryBackoff(Duration.ofSeconds(5), 2.0, Duration.ofHours(2), 0.0));
    }

    @Test
    void anUnknownKeyIsNamedWithTheKeysAllowedAtItsLevel() {
        assertThat(refusal("tide:\n  server:\n    prot: 8080\n"))
                .startsWith("tide.yaml: unknown key tide.server.prot (allowed: port, host, tls, allow-plain-http,");
        assertThat(refusal("tide:\n  retension: 7d\n"))
                .startsWith("tide.yaml: unknown key tide.retension (allowed: store, data-folder, postgres,");
        assertThat(refusal("tide:\n  task-defaults:\n    backoff: {initial: 1s, factor: 3}\n"))
                .startsWith("tide.yaml: unknown key tide.task-defaults.backoff.factor (allowed: ");
        assertThat(refusal("tide:\n  queues:\n    emails: {disciplin: fair}\n"))
                .startsWith("tide.yaml: unknown key tide.queues.emails.disciplin (allowed: ")
                .contains("discipline");
        assertThat(refusal("server:\n  port: 1\n")).isEqualTo("tide.yaml: unknown key server (allowed: tide)");
        assertThat(
                        refusal(
                                "tide:\n  profiles:\n    p:\n      task-type: t\n      entries:\n        - {name: a, dayz: [monday]}\n"))
                .startsWith(
                        "tide.yaml: unknown key tide.profiles.p.entries[0].dayz (allowed: name, days, from, until,");
        assertThat(refusal("tide:\n  workers:\n    pool-size: 4\n"))
                .startsWith("tide.yaml: unknown key tide.workers (allowed: store, data-folder,");
    }

    @Test
    void aBadValueIsNamedWithWhatItTakes() {
        assertThat(refusal("tide:\n  retention: soon\n"))
                .isEqualTo(
                        "tide.yaml: tide.retention: 'soon' is not a duration or forever (e.g. 30s, 5m, 7d, forever)");
        assertThat(refusal("tide:\n  poll-interval: soon\n"))
                .isEqualTo("tide.yaml: tide.poll-interval: 'soon' is not a duration (e.g. 30s, 5m, 7d)");
        assertThat(refusal("tide:\n  payload-cap: big\n"))
                .isEqualTo("tide.yaml: tide.payload-cap: 'big' is not a size (e.g. 65536, 512KB, 1MB)");
        assertThat(refusal("tide:\n  server: {port: eighty}\n"))
                .isEqualTo("tide.yaml: tide.server.port: 'eighty' is not a whole number");
        assertThat(refusal("tide:\n  store: mysql\n"))
                .isEqualTo("tide.yaml: tide.store: 'mysql' is not one of: sqlite, postgresql");
        assertThat(refusal("tide:\n  list-indexes: maybe\n"))
                .isEqualTo("tide.yaml: tide.list-indexes: 'maybe' is not true or false");
        assertThat(refusal("tide:\n  server: {port: 70000}\n"))
                .isEqualTo("tide.yaml: tide.server.port: must be between 0 (any free port) and 65535");
        assertThat(refusal("tide:\n  queues:\n    emails: {max-pending: 0}\n"))
                .isEqualTo("tide.yaml: tide.queues.emails.max-pending: must be at least 1 (leave it out for no bound)");
        assertThat(refusal("tide:\n  queues:\n    emails: {name: other}\n"))
                .startsWith("tide.yaml: tide.queues.emails.name: 'other' differs from its key emails");
        assertThat(refusal("tide:\n  queues:\n    emails: {discipline: lifo}\n"))
                .isEqualTo(
                        "tide.yaml: tide.queues.emails.discipline: 'lifo' is not one of: fifo, priority, edf, roulette,"
                                + " fair");
        assertThat(refusal("tide:\n  task-types:\n    t: {max-attempts: 0}\n"))
                .isEqualTo("tide.yaml: tide.task-types.t.max-attempts: must be at least 1");
        assertThat(refusal("tide:\n  schedules:\n    nightly: {cron: '0 3 * *', task: {type: t}}\n"))
                .startsWith("tide.yaml: tide.schedules.nightly.cron: '0 3 * *' has 4 fields; give five");
        assertThat(refusal("tide:\n  nodes: {heartbeat: 1m, keep: 2m}\n"))
                .isEqualTo("tide.yaml: tide.nodes.keep: must be longer than 3 heartbeats (tide.nodes.heartbeat), or"
                        + " forever");
        assertThat(refusal("tide:\n  store: postgresql\n"))
                .isEqualTo("tide.yaml: tide.postgres.url: is required with tide.store: postgresql");
        assertThat(refusal("tide: [1, 2]\n")).isEqualTo("tide.yaml: tide: must hold the settings as keys under it");
        assertThat(refusal("tide:\n  server: {port: 1\n")).startsWith("tide.yaml: not valid YAML at line ");
    }

    @Test
    void aSecretWrittenInlineIsRefusedNamingTheTwoAllowedForms() {
        assertThat(refusal("tide:\n  postgres:\n    password: hunter2\n"))
                .isEqualTo("tide.yaml: tide.postgres.password: a secret is never written in the settings; give"
                        + " password-env: VARIABLE (the environment variable holding it) or password-file: /path (a"
                        + " file holding it)");
        assertThat(refusal("tide:\n  server:\n    tls: {keystore: k.p12, password: x}\n"))
                .startsWith("tide.yaml: tide.server.tls.password: a secret is never written in the settings");
        assertThat(refusal("", Map.of("TIDE_POSTGRES_PASSWORD", "hunter2")))
                .startsWith("TIDE_POSTGRES_PASSWORD: a secret is never given as a setting's value; name the"
                        + " variable holding it with TIDE_POSTGRES_PASSWORD_ENV=VARIABLE");
    }

    @Test
    void secretsAreReadFromTheVariableOrTheFileNamed() throws IOException {
        Path secret = Files.writeString(folder.resolve("pg.secret"), "from-file\n");
        LoadedSettings byEnv = SettingsLoader.load(
                file("tide:\n  postgres: {url: 'jdbc:postgresql://h/db?user=u', password-env: PGPASS}\n"),
                Map.of(),
                List.of());
        String url = byEnv.postgresUrl(Map.of("PGPASS", "s3cr&t"));
        LoadedSettings byFile = SettingsLoader.load(
                file("tide:\n  postgres: {url: 'jdbc:postgresql://h/db', schema: q, password-file: " + secret + "}\n"),
                Map.of(),
                List.of());

        assertThat(url).isEqualTo("jdbc:postgresql://h/db?user=u&password=s3cr%26t");
        assertThat(byFile.postgresUrl(Map.of())).isEqualTo("jdbc:postgresql://h/db?currentSchema=q&password=from-file");
        assertThatThrownBy(() -> byEnv.postgresUrl(Map.of()))
                .hasMessage("tide.yaml: tide.postgres.password-env: the environment variable PGPASS is not set");
        assertThat(refusal("tide:\n  postgres: {password-env: A, password-file: /b}\n"))
                .isEqualTo("tide.yaml: tide.postgres.password-env: and tide.postgres.password-file both name the"
                        + " secret; give one");
    }

    @Test
    void theEnvironmentOverridesTheFileAndFlagsOverrideBoth() {
        Path yaml = file("tide:\n  server: {port: 1000, host: 10.0.0.1}\n  retention: 1d\n  node-name: file\n"
                + "  digest: {recipients: [x, y, z]}\n"
                + "  queues:\n    mail-out: {discipline: edf}\n");
        Map<String, String> env = Map.of(
                "TIDE_SERVER_PORT", "2000",
                "TIDE_RETENTION", "2d",
                "TIDE_TASKDEFAULTS_MAXATTEMPTS", "7",
                "TIDE_TASK_DEFAULTS_LEASE_DURATION", "1m",
                "TIDE_DIGEST_RECIPIENTS_0_", "ann",
                "TIDE_DIGEST_RECIPIENTS_1_", "bob",
                "TIDE_QUEUES_EMAILS_DISCIPLINE", "fifo",
                "TIDE_QUEUES_MAIL_OUT_MAXPENDING", "5");
        List<SettingsLoader.Flag> flags = List.of(new SettingsLoader.Flag("tide.server.port", "--port", "3000"));

        TideSettings s = SettingsLoader.load(yaml, env, flags).settings();

        assertThat(s.server().port()).isEqualTo(3000);
        assertThat(s.server().host()).isEqualTo("10.0.0.1");
        assertThat(s.retention().duration()).isEqualTo(Duration.ofDays(2));
        assertThat(s.nodeName()).isEqualTo("file");
        assertThat(s.taskDefaults().maxAttempts()).isEqualTo(7);
        assertThat(s.taskDefaults().leaseDuration()).isEqualTo(Duration.ofMinutes(1));
        assertThat(s.digest().recipients()).containsExactly("ann", "bob");
        assertThat(s.queues().get("emails").discipline()).isEqualTo(Discipline.FIFO);
        assertThat(s.queues().get("mail-out").discipline()).isEqualTo(Discipline.EDF);
        assertThat(s.queues().get("mail-out").maxPending()).isEqualTo(5);
        assertThat(SettingsLoader.load(null, Map.of("TIDE_DIGEST_RECIPIENTS", "ann, bob"), List.of())
                        .settings()
                        .digest()
                        .recipients())
                .containsExactly("ann", "bob");
    }

    @Test
    void aBadValueNamesItsSource() {
        assertThat(refusal("", Map.of("TIDE_SERVER_GRACE", "soon")))
                .isEqualTo("TIDE_SERVER_GRACE (tide.server.grace): 'soon' is not a duration (e.g. 30s, 5m, 7d)");
        assertThatThrownBy(() -> SettingsLoader.load(
                        null, Map.of(), List.of(new SettingsLoader.Flag("tide.server.port", "--port", "-1"))))
                .hasMessage("--port: must be between 0 (any free port) and 65535");
    }

    @Test
    void variablesThatAreNoSettingAreWarnedOfOrSkipped() {
        LoadedSettings loaded = SettingsLoader.load(
                file("tide:\n  server:\n    tls: {keystore: k.p12, password-env: TIDE_TLS_PASSWORD}\n"),
                Map.of(
                        "TIDE_SERVR_PORT", "1",
                        "TIDE_TOKEN", "t",
                        "TIDE_TASK_ID", "1",
                        "TIDE_TEST_PG_URL", "jdbc:x",
                        "TIDE_REQUIRE_POSTGRES", "true",
                        "TIDE_TLS_PASSWORD", "pw",
                        "PATH", "/bin"),
                List.of());

        assertThat(loaded.warnings())
                .containsExactly("the environment variable TIDE_SERVR_PORT names no Tide setting and is ignored"
                        + " (settings: docs/operations.md, \"Configuration file\")");
    }

    @Test
    void theEffectiveSettingsPrintAsYaml() {
        String yaml = SettingsLoader.load(
                        file("tide:\n  retention: 3d\n  queues:\n    emails: {discipline: FAIR}\n"),
                        Map.of("TIDE_SERVER_PORT", "9"),
                        List.of())
                .yaml();

        assertThat(yaml)
                .contains("store: sqlite", "retention: 3d", "port: 9", "pool-size: 10")
                .contains("emails:\n      name: emails\n      discipline: fair");
    }
}
