package dev.tide.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tide.api.Discipline;
import dev.tide.config.LayeredSettings.Layer;
import dev.tide.config.LayeredSettings.Properties;
import dev.tide.config.LayeredSettings.Property;
import dev.tide.config.LayeredSettings.Variables;
import java.time.DayOfWeek;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The settings from another program's sources (a Spring application's): properties named by Spring's relaxed binding,
 * environment variables read as tide server reads them, layered, with the keys the program reads itself left to it.
 */
class LayeredSettingsTest {
    private static final LayeredSettings.Reader READER = new LayeredSettings.Reader(
            "Spring properties",
            List.of("tide.workers", "tide.test-support", "tide.server.enabled"),
            List.of("tide.server.jmx-port", "tide.intake"),
            "is read by tide server only",
            false);

    /** A layer of properties written {@code a.b[0].c=value}, from {@code origin}. */
    private static Properties properties(String origin, String... lines) {
        List<Property> properties = new ArrayList<>();
        for (String line : lines) {
            int equals = line.indexOf('=');
            List<String> name = new ArrayList<>();
            for (String element : line.substring(0, equals).split("\\.|(?=\\[)")) {
                name.add(element);
            }
            properties.add(new Property(name, line.substring(equals + 1), origin));
        }
        return new Properties(properties);
    }

    private static LoadedSettings load(Layer... layers) {
        return LayeredSettings.load(List.of(layers), READER);
    }

    private static String refusal(Layer... layers) {
        try {
            load(layers);
        } catch (SettingsException e) {
            return e.getMessage();
        }
        throw new AssertionError("accepted");
    }

    @Test
    void propertiesAreMatchedToTheSettingsInSpringsRelaxedFormsWithMapKeysAndFreeJsonAsWritten() {
        TideSettings s = load(properties(
                        "application.properties",
                        "taskTypes.send-mail.maxAttempts=3",
                        "task_types.send-mail.lease_duration=2m",
                        "QUEUES.Reports.MAX-PENDING=100",
                        "queues.Reports.prohibited-users=mallory, eve",
                        "profiles.office.task-type=send-mail",
                        "profiles.office.entries[0].name=weekdays",
                        "profiles.office.entries[0].days=monday,friday",
                        "profiles.office.entries[0].from=08:00",
                        "profiles.office.entries[0].until=18:00",
                        "profiles.office.entries[0].limits.maxPerHour=50",
                        "schedules.nightly.cron=0 3 * * *",
                        "schedules.nightly.task.type=send-mail",
                        "schedules.nightly.task.payload.userId=7",
                        "schedules.nightly.task.payload.tags[0]=a"))
                .settings();

        assertThat(s.taskTypes().get("send-mail").maxAttempts()).isEqualTo(3);
        assertThat(s.taskTypes().get("send-mail").leaseDuration()).isEqualTo(Duration.ofMinutes(2));
        assertThat(s.queues().get("Reports").maxPending()).isEqualTo(100);
        assertThat(s.queues().get("Reports").prohibitedUsers()).containsExactlyInAnyOrder("mallory", "eve");
        assertThat(s.profiles().get("office").entries().get(0).days())
                .containsExactlyInAnyOrder(DayOfWeek.MONDAY, DayOfWeek.FRIDAY);
        assertThat(s.profiles().get("office").entries().get(0).limits().maxPerHour())
                .isEqualTo(50L);
        assertThat(s.schedules().get("nightly").task().payload()).isEqualTo("{\"userId\":\"7\",\"tags\":[\"a\"]}");
    }

    @Test
    void laterLayersWinObjectsMergeAndListsAreReplacedWhole() {
        Properties file = properties(
                "application.yaml",
                "queues.reports.discipline=fifo",
                "queues.reports.max-pending=50",
                "digest.recipients[0]=ann",
                "digest.recipients[1]=bob",
                "retention=3d");
        Variables environment = new Variables(Map.of(
                "TIDE_QUEUES_REPORTS_MAXPENDING", "100", "TIDE_DIGEST_RECIPIENTS_0_", "cy", "TIDE_RETENTION", "4d"));
        Properties commandLine = properties("--tide.retention", "retention=5d");

        TideSettings s = load(file, environment, commandLine).settings();

        assertThat(s.queues().get("reports").discipline()).isEqualTo(Discipline.FIFO);
        assertThat(s.queues().get("reports").maxPending()).isEqualTo(100);
        assertThat(s.digest().recipients()).containsExactly("cy");
        assertThat(s.retention().duration()).isEqualTo(Duration.ofDays(5));
    }

    @Test
    void aRefusalNamesTheSourceOfTheValueAtFaultInTheLoadersLine() {
        Properties file = properties("application.yaml", "retention=soon", "queues.reports.max-pending=many");

        assertThat(refusal(file))
                .isEqualTo("application.yaml: tide.retention: 'soon' is not a duration or forever (e.g. 30s, 5m, 7d,"
                        + " forever)");
        assertThat(refusal(file, properties("--tide.retention", "retention=1d")))
                .isEqualTo("application.yaml: tide.queues.reports.max-pending: 'many' is not a whole number");
        assertThat(refusal(properties("application.properties", "queues.reports.max-pendng=5")))
                .startsWith("application.properties: unknown key tide.queues.reports.max-pendng (allowed: ");
        assertThat(refusal(new Variables(Map.of("TIDE_SERVER_PORT", "http"))))
                .isEqualTo("TIDE_SERVER_PORT (tide.server.port): 'http' is not a whole number");
    }

    @Test
    void keysTheProgramReadsItselfAreLeftToItAndKeysItHasNoUseForAreRefused() {
        LoadedSettings loaded = load(
                properties(
                        "application.yaml", "workers.pool-size=2", "testSupport.enabled=true", "server.enabled=true"),
                new Variables(Map.of(
                        "TIDE_WORKERS_POOLSIZE", "3",
                        "TIDE_TESTSUPPORT_ENABLED", "true",
                        "TIDE_SERVER_ENABLED", "true",
                        "TIDE_SERVER_PORT", "7171")));

        assertThat(loaded.warnings()).isEmpty();
        assertThat(loaded.settings().server().port()).isEqualTo(7171);
        assertThat(refusal(properties("application.yaml", "server.jmx-port=9010")))
                .isEqualTo("application.yaml: tide.server.jmx-port: is read by tide server only");
        assertThat(refusal(new Variables(Map.of("TIDE_INTAKE_INBOX", "in"))))
                .isEqualTo("TIDE_INTAKE_INBOX (tide.intake.inbox): is read by tide server only");
    }

    @Test
    void aVariableNamedAsASecretByAnyLayerIsNoSettingAndPostgresMayGoWithoutAUrl() {
        LoadedSettings loaded = load(
                new Variables(Map.of("TIDE_DB_PASSWORD", "s3cret")),
                properties("--tide.store", "store=postgresql", "postgres.password-env=TIDE_DB_PASSWORD"));

        assertThat(loaded.warnings()).isEmpty();
        assertThat(loaded.settings().store()).isEqualTo(StoreKind.POSTGRESQL);
        assertThatThrownBy(() -> LayeredSettings.load(
                        List.of(properties("application.yaml", "store=postgresql")),
                        new LayeredSettings.Reader("Spring properties", List.of(), List.of(), "", true)))
                .hasMessage("Spring properties: tide.postgres.url: is required with tide.store: postgresql");
    }
}
