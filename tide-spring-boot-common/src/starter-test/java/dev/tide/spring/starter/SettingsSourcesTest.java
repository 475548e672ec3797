package dev.tide.spring.starter;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tide.api.Discipline;
import dev.tide.api.QueueInfo;
import dev.tide.api.TaskType;
import dev.tide.config.LoadedSettings;
import dev.tide.config.SettingsException;
import dev.tide.config.SettingsLoader;
import dev.tide.config.TideSettings;
import dev.tide.core.Tide;
import dev.tide.spring.TideAutoConfiguration;
import dev.tide.spring.TideProperties;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.StandardEnvironment;
import org.springframework.core.env.SystemEnvironmentPropertySource;

/**
 * The settings of {@code tide server --config tide.yaml} under the same names in a Spring application, from every
 * source Spring reads: {@code application.yaml}, {@code application.properties} (with Spring's relaxed names and
 * comma-separated lists), environment variables named as {@code tide server} reads them, and the command line, in
 * Spring's order of precedence. Each start is a real {@code SpringApplication} reading real files; its environment
 * variables are the test's, given to Spring's own source of them.
 */
@ExtendWith(OutputCaptureExtension.class)
class SettingsSourcesTest {
    @TempDir
    Path folder;

    /** tide.yaml, and application.yaml word for word. */
    private String yaml() {
        return """
                tide:
                  data-folder: %s
                  retention: 14d
                  task-defaults: {max-attempts: 8}
                  task-types:
                    email: {max-attempts: 3, backoff: {initial: 10s}}
                  queues:
                    reports: {max-pending: 100, prohibited-users: [mallory, eve]}
                  digest:
                    recipients: [ada, grace]
                  server: {port: 7171}
                  dashboard: {base-path: /queue}
                """.formatted(folder.resolve("data"));
    }

    @Test
    void applicationYamlApplicationPropertiesAndTheEnvironmentGiveTideYamlsSettingsUnderTheSameNames()
            throws IOException {
        TideSettings file = SettingsLoader.load(write("tide.yaml", yaml()), Map.of(), List.of())
                .settings();

        Map<String, String> variables = new LinkedHashMap<>();
        variables.put("TIDE_DATAFOLDER", folder.resolve("data").toString());
        variables.put("TIDE_RETENTION", "14d");
        variables.put("TIDE_TASKDEFAULTS_MAXATTEMPTS", "8");
        variables.put("TIDE_TASKTYPES_EMAIL_MAXATTEMPTS", "3");
        variables.put("TIDE_TASK_TYPES_EMAIL_BACKOFF_INITIAL", "10s");
        variables.put("TIDE_QUEUES_REPORTS_MAXPENDING", "100");
        variables.put("TIDE_QUEUES_REPORTS_PROHIBITEDUSERS", "mallory,eve");
        variables.put("TIDE_DIGEST_RECIPIENTS", "ada,grace");
        variables.put("TIDE_SERVER_PORT", "7171");
        variables.put("TIDE_DASHBOARD_BASEPATH", "/queue");
        try (ConfigurableApplicationContext application = start(variables, List.of())) {
            assertThat(settings(application)).isEqualTo(file);
            assertThat(application.getBean(LoadedSettings.class).warnings()).isEmpty();
            Tide tide = application.getBean(Tide.class);
            assertThat(tide.config().retention()).isEqualTo(Duration.ofDays(14));
            TaskType email = tide.taskTypes().stream()
                    .filter(t -> t.name().equals("email"))
                    .findFirst()
                    .orElseThrow();
            assertThat(email.maxAttempts()).isEqualTo(3);
            assertThat(email.backoff().initial()).isEqualTo(Duration.ofSeconds(10));
            assertThat(email.backoff().max())
                    .as("the rest from tide.task-defaults.backoff")
                    .isEqualTo(Duration.ofHours(1));
            QueueInfo reports = tide.queues().list().stream()
                    .filter(q -> q.name().equals("reports"))
                    .findFirst()
                    .orElseThrow();
            assertThat(reports.maxPending()).isEqualTo(100);
            assertThat(reports.prohibitedUsers()).containsExactlyInAnyOrder("mallory", "eve");
        }

        assertThat(settingsFrom(write("application.yaml", yaml()))).isEqualTo(file);

        String properties = """
                tide.data-folder=%s
                tide.retention=14d
                tide.task-defaults.max-attempts=8
                tide.task-types.email.max-attempts=3
                tide.task-types.email.backoff.initial=10s
                tide.queues.reports.max-pending=100
                tide.queues.reports.prohibited-users=mallory,eve
                tide.digest.recipients[0]=ada
                tide.digest.recipients[1]=grace
                tide.server.port=7171
                tide.dashboard.base-path=/queue
                """.formatted(folder.resolve("data"));
        assertThat(settingsFrom(write("application.properties", properties))).isEqualTo(file);

        // Spring's relaxed forms of the same names
        String relaxed = properties
                .replace("task-defaults.max-attempts", "taskDefaults.maxAttempts")
                .replace("task-types.email.max-attempts", "task_types.email.max_attempts")
                .replace("max-pending", "maxPending")
                .replace(
                        "tide.digest.recipients[0]=ada\ntide.digest.recipients[1]=grace",
                        "tide.digest.recipients=ada, grace");
        assertThat(settingsFrom(write("application.properties", relaxed))).isEqualTo(file);
    }

    @Test
    void theEnvironmentOverridesApplicationYamlAndTheCommandLineOverridesBothAsInSpring() throws IOException {
        Path yaml = write("application.yaml", """
                tide:
                  data-folder: %s
                  retention: 3d
                  queues:
                    reports: {max-pending: 50, discipline: fifo}
                    plain:
                  digest:
                    recipients: [ann, bob, cy]
                  workers:
                    pool-size: 3
                """.formatted(folder.resolve("data")));
        Map<String, String> variables = Map.of(
                "TIDE_QUEUES_REPORTS_MAXPENDING", "100",
                "TIDE_DIGEST_RECIPIENTS_0_", "dee",
                "TIDE_RETENTION", "4d",
                "TIDE_WORKERS_POOLSIZE", "2",
                "TIDE_WORKERZ_POOLSIZE", "2");

        try (ConfigurableApplicationContext application =
                start(variables, List.of("--spring.config.location=file:" + yaml, "--tide.retention=5d", LAZY))) {
            TideSettings settings = settings(application);
            assertThat(settings.queues().get("reports").maxPending()).isEqualTo(100);
            assertThat(settings.queues().get("reports").discipline())
                    .as("the file's other keys of the object stay")
                    .isEqualTo(Discipline.FIFO);
            assertThat(settings.digest().recipients())
                    .as("a list is replaced whole")
                    .containsExactly("dee");
            assertThat(settings.retention().duration()).isEqualTo(Duration.ofDays(5));
            // A key only Spring has is Spring's, from every source; a TIDE_ variable that names nothing is reported.
            assertThat(application.getBean(TideProperties.class).getWorkers().getPoolSize())
                    .isEqualTo(2);
            assertThat(application.getBean(LoadedSettings.class).warnings())
                    .containsExactly("the environment variable TIDE_WORKERZ_POOLSIZE names no Tide setting and is"
                            + " ignored (settings: docs/operations.md, \"Configuration file\")");
        }
    }

    @Test
    void aBadValueInApplicationYamlStopsTheStartWithTheLineTideServerGivesForItInTideYaml(CapturedOutput output)
            throws IOException {
        String yaml = "tide:\n  data-folder: %s\n  retention: soon\n".formatted(folder.resolve("data"));
        String server = refusal(() -> SettingsLoader.load(write("tide.yaml", yaml), Map.of(), List.of()));

        String spring = refusal(() -> start(write("application.yaml", yaml)).close());

        assertThat(server)
                .isEqualTo("tide.yaml: tide.retention: 'soon' is not a duration or forever (e.g. 30s, 5m,"
                        + " 7d, forever)");
        assertThat(spring).isEqualTo(server.replace("tide.yaml", "application.yaml"));
        assertThat(output.getOut()).contains("APPLICATION FAILED TO START").contains("Description:\n\n" + spring);
    }

    @Test
    void aBadEnvironmentVariableAndAnUnknownKeyAreRefusedInTheSameLinesAsByTideServer() throws IOException {
        Map<String, String> variables =
                Map.of("TIDE_DATAFOLDER", folder.resolve("data").toString(), "TIDE_QUEUES_REPORTS_MAXPENDING", "lots");
        assertThat(refusal(() -> start(variables, List.of()).close()))
                .isEqualTo(refusal(() -> SettingsLoader.load(null, variables, List.of())))
                .isEqualTo("TIDE_QUEUES_REPORTS_MAXPENDING (tide.queues.reports.max-pending): 'lots' is not a whole"
                        + " number");

        String misspelt = "tide.data-folder=%s\ntide.queues.reports.max-pendng=5\n".formatted(folder.resolve("data"));
        String server = refusal(() -> SettingsLoader.load(
                write("tide.yaml", "tide:\n  queues:\n    reports: {max-pendng: 5}\n"), Map.of(), List.of()));
        assertThat(refusal(
                        () -> start(write("application.properties", misspelt)).close()))
                .isEqualTo(server.replace("tide.yaml", "application.properties"))
                .startsWith("application.properties: unknown key tide.queues.reports.max-pendng (allowed: ");
    }

    @Test
    void aBadValueOnTheCommandLineIsNamedAsTheArgument() {
        assertThat(refusal(
                        () -> start(Map.of(), List.of("--tide.retention=soon")).close()))
                .isEqualTo("--tide.retention: 'soon' is not a duration or forever (e.g. 30s, 5m, 7d, forever)");
    }

    @Test
    void aKeyOnlyTideServerReadsIsRefusedNamingIt() throws IOException {
        String properties = "tide.data-folder=%s\ntide.server.jmx-port=9010\n".formatted(folder.resolve("data"));

        assertThat(refusal(
                        () -> start(write("application.properties", properties)).close()))
                .isEqualTo("application.properties: tide.server.jmx-port: is read by tide server only; a Spring"
                        + " application has no use for it (docs/integration.md)");
    }

    /** Only Tide's auto-configuration: the starts take a fraction of a second. */
    @Configuration(proxyBeanMethods = false)
    @ImportAutoConfiguration(TideAutoConfiguration.class)
    static class TideOnly {}

    /** Beans made when asked for: the settings are read, the engine (the same for every source) is not opened. */
    private static final String LAZY = "--spring.main.lazy-initialization=true";

    private static TideSettings settingsFrom(Path configFile) {
        try (ConfigurableApplicationContext application =
                start(Map.of(), List.of("--spring.config.location=file:" + configFile, LAZY))) {
            return settings(application);
        }
    }

    private ConfigurableApplicationContext start(Path configFile) {
        return start(Map.of(), List.of("--spring.config.location=file:" + configFile));
    }

    /** A start with these environment variables (and no other) and command-line arguments. */
    private static ConfigurableApplicationContext start(Map<String, String> variables, List<String> arguments) {
        StandardEnvironment environment = new StandardEnvironment();
        environment
                .getPropertySources()
                .replace(
                        StandardEnvironment.SYSTEM_ENVIRONMENT_PROPERTY_SOURCE_NAME,
                        new SystemEnvironmentPropertySource(
                                StandardEnvironment.SYSTEM_ENVIRONMENT_PROPERTY_SOURCE_NAME, Map.copyOf(variables)));
        List<String> args = new ArrayList<>(arguments);
        args.add("--tide.workers.enabled=false");
        return new SpringApplicationBuilder(TideOnly.class)
                .web(WebApplicationType.NONE)
                .environment(environment)
                .run(args.toArray(String[]::new));
    }

    private static TideSettings settings(ConfigurableApplicationContext application) {
        return application.getBean(LoadedSettings.class).settings();
    }

    private Path write(String name, String text) throws IOException {
        return Files.writeString(folder.resolve(name), text);
    }

    /** The one line of the settings' refusal, however deep in Spring's exceptions it is. */
    private static String refusal(ThrowingRunnable start) {
        Throwable thrown = null;
        try {
            start.run();
        } catch (Throwable e) {
            thrown = e;
        }
        assertThat(thrown).as("refused").isNotNull();
        Throwable cause = thrown;
        while (!(cause instanceof SettingsException) && cause.getCause() != null) {
            cause = cause.getCause();
        }
        assertThat(cause).as(String.valueOf(thrown)).isInstanceOf(SettingsException.class);
        return cause.getMessage();
    }

    private interface ThrowingRunnable {
        void run() throws Exception;
    }
}
