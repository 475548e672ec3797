package dev.tide.spring.starter;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tide.api.Discipline;
import dev.tide.api.Profile;
import dev.tide.api.QueueInfo;
import dev.tide.api.Schedule;
import dev.tide.api.TaskType;
import dev.tide.api.worker.TaskContext;
import dev.tide.core.Tide;
import dev.tide.spring.TideAutoConfiguration;
import dev.tide.spring.TideHandler;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * What the starter checks and does as the application starts: queues and task types from {@code tide.*}, and a clear
 * refusal, naming what is wrong, of a handler that breaks the rules or of a setting the engine cannot take.
 */
class StartupRulesTest {
    @TempDir
    Path folder;

    private ApplicationContextRunner runner() {
        return new ApplicationContextRunner()
                .withConfiguration(AutoConfigurations.of(TideAutoConfiguration.class))
                .withPropertyValues("tide.data-folder=" + folder, "tide.workers.enabled=false");
    }

    @Test
    void queuesAndTaskTypesNamedInThePropertiesAreDefinedAtStart() {
        runner().withPropertyValues(
                        "tide.queues.mail.discipline=fifo",
                        "tide.queues.mail.max-pending=500",
                        "tide.task-types.email.max-attempts=3",
                        "tide.task-types.email.lease-duration=2m",
                        "tide.task-types.email.backoff.initial=10s")
                .run(context -> {
                    assertThat(context).hasNotFailed();
                    Tide tide = context.getBean(Tide.class);
                    QueueInfo mail = tide.queues().list().stream()
                            .filter(q -> q.name().equals("mail"))
                            .findFirst()
                            .orElseThrow();
                    assertThat(mail.discipline()).isEqualTo(Discipline.FIFO);
                    assertThat(mail.maxPending()).isEqualTo(500);
                    TaskType email = tide.taskTypes().stream()
                            .filter(t -> t.name().equals("email"))
                            .findFirst()
                            .orElseThrow();
                    assertThat(email.maxAttempts()).isEqualTo(3);
                    assertThat(email.leaseDuration()).isEqualTo(Duration.ofMinutes(2));
                    assertThat(email.backoff().initial()).isEqualTo(Duration.ofSeconds(10));
                });
    }

    @Test
    void profilesSchedulesAndJobTypesNamedInThePropertiesAreDefinedWithTheConfigurationFilesNames() {
        runner().withPropertyValues(
                        "tide.job-types.import.priority=5",
                        "tide.profiles.office-hours.task-type=send-mail",
                        "tide.profiles.office-hours.zone=Europe/Zurich",
                        "tide.profiles.office-hours.otherwise.max-per-hour=50",
                        "tide.profiles.office-hours.entries[0].name=weekdays",
                        "tide.profiles.office-hours.entries[0].days[0]=monday",
                        "tide.profiles.office-hours.entries[0].days[1]=friday",
                        "tide.profiles.office-hours.entries[0].from=08:00",
                        "tide.profiles.office-hours.entries[0].until=18:00",
                        "tide.profiles.office-hours.entries[0].limits.max-per-hour=500",
                        "tide.schedules.nightly-report.cron=0 3 * * *",
                        "tide.schedules.nightly-report.zone=Europe/Zurich",
                        "tide.schedules.nightly-report.task.type=report",
                        "tide.schedules.nightly-report.task.payload.kind=daily")
                .run(context -> {
                    assertThat(context).hasNotFailed();
                    Tide tide = context.getBean(Tide.class);
                    assertThat(tide.jobTypes())
                            .singleElement()
                            .satisfies(t -> assertThat(t.priority()).isEqualTo(5));
                    Profile office = tide.profiles().list().stream()
                            .filter(p -> "send-mail".equals(p.taskType()))
                            .findFirst()
                            .orElseThrow();
                    assertThat(office.zone().getId()).isEqualTo("Europe/Zurich");
                    assertThat(office.otherwise().maxPerHour()).isEqualTo(50L);
                    assertThat(office.entries()).singleElement().satisfies(e -> {
                        assertThat(e.days()).hasSize(2);
                        assertThat(e.limits().maxPerHour()).isEqualTo(500L);
                    });
                    Schedule nightly = tide.schedules().get("nightly-report").schedule();
                    assertThat(nightly.cron()).isEqualTo("0 3 * * *");
                    assertThat(nightly.task().payload()).isEqualTo("{\"kind\":\"daily\"}");
                });
    }

    @Test
    void theKeepingOfEventsStatisticsAndNodesRecordsIsReadWithTheConfigurationFilesNamesAndDefaults() {
        runner().withPropertyValues("tide.events.retention=3d", "tide.nodes.heartbeat=5s")
                .run(context -> {
                    assertThat(context).hasNotFailed();
                    Tide tide = context.getBean(Tide.class);
                    assertThat(tide.config().stats().eventRetention()).isEqualTo(Duration.ofDays(3));
                    assertThat(tide.config().stats().statsRetention()).isEqualTo(Duration.ofDays(400));
                    assertThat(tide.config().nodes().heartbeat()).isEqualTo(Duration.ofSeconds(5));
                });
    }

    @Test
    void anUnknownKeyOfAProfileIsRefusedNamingTheProperty() {
        runner().withPropertyValues(
                        "tide.profiles.office-hours.task-type=send-mail",
                        "tide.profiles.office-hours.zonee=Europe/Zurich")
                .run(context -> assertThat(context)
                        .getFailure()
                        .rootCause()
                        .hasMessageContaining("unknown key tide.profiles.office-hours.zonee"));
    }

    @Test
    void aHandlerTakingTwoPayloadsIsRefusedWithItsName() {
        runner().withUserConfiguration(TwoPayloads.class)
                .run(context -> assertThat(context)
                        .getFailure()
                        .rootCause()
                        .hasMessageContaining("@TideHandler TwoPayloads.handle")
                        .hasMessageContaining("takes two payloads (first and second)"));
    }

    @Test
    void aTaskTypeWithTwoHandlersIsRefusedNamingBoth() {
        runner().withUserConfiguration(TwoPayloads.Fine.class, AnotherGreeter.class)
                .run(context -> assertThat(context)
                        .getFailure()
                        .rootCause()
                        .hasMessageContaining("task type greet has two handlers")
                        .hasMessageContaining("Fine.greet")
                        .hasMessageContaining("AnotherGreeter.greet"));
    }

    @Test
    void workersNamingAQueueWithoutHandlersAreRefused() {
        runner().withUserConfiguration(TwoPayloads.Fine.class)
                .withPropertyValues("tide.workers.enabled=true", "tide.workers.queues=mail")
                .run(context -> assertThat(context)
                        .getFailure()
                        .rootCause()
                        .hasMessageContaining("tide.workers.queues names mail, which no handler serves"));
    }

    @Configuration(proxyBeanMethods = false)
    static class TwoPayloads {
        @TideHandler("greet")
        void handle(String first, TaskContext context, java.util.Map<String, Object> second) {}

        @Configuration(proxyBeanMethods = false)
        static class Fine {
            @TideHandler("greet")
            void greet(String payload) {}
        }
    }

    @Configuration(proxyBeanMethods = false)
    static class AnotherGreeter {
        @Bean
        Object unrelated() {
            return "a bean without handlers";
        }

        @TideHandler("greet")
        void greet(TaskContext context) {}
    }
}
