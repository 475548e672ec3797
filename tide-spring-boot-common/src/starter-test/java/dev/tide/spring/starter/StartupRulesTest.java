package dev.tide.spring.starter;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tide.api.Discipline;
import dev.tide.api.QueueInfo;
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
    void aRetentionThatIsNoDurationIsRefusedNamingTheProperty() {
        runner().withPropertyValues("tide.retention=soon")
                .run(context -> assertThat(context)
                        .getFailure()
                        .hasStackTraceContaining("tide.retention: \"soon\" is neither a duration"));
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
