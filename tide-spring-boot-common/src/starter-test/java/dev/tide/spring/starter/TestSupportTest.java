package dev.tide.spring.starter;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tide.api.NewTask;
import dev.tide.api.Outcome;
import dev.tide.api.TaskState;
import dev.tide.core.Tide;
import dev.tide.spring.TideTest;
import dev.tide.spring.TideTestSupport;
import dev.tide.spring.starter.app.Greeter;
import dev.tide.spring.starter.app.StarterTestApplication;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/** An application's own test with @TideTest: a settable clock, and ready tasks run on demand. */
@SpringBootTest(classes = StarterTestApplication.class, webEnvironment = SpringBootTest.WebEnvironment.NONE)
@TideTest
class TestSupportTest {
    @TempDir
    static Path folder;

    @DynamicPropertySource
    static void store(DynamicPropertyRegistry registry) {
        registry.add("tide.data-folder", () -> folder.toString());
        registry.add("spring.datasource.url", () -> "jdbc:sqlite:" + folder.resolve("application.db"));
    }

    @Autowired
    Tide tide;

    @Autowired
    TideTestSupport testSupport;

    @Test
    void aTaskDueInAnHourRunsOnlyOnceTheClockHasMovedAnHour() {
        long id = tide.enqueue(NewTask.builder("greet")
                        .payload(new Greeter.Greeting("Di"))
                        .delay(Duration.ofHours(1))
                        .build())
                .id();

        assertThat(testSupport.runReadyTasks()).isZero();
        testSupport.advance(Duration.ofMinutes(59));
        assertThat(testSupport.runReadyTasks()).isZero();
        assertThat(tide.task(id).state()).isEqualTo(TaskState.SCHEDULED);

        testSupport.advance(Duration.ofMinutes(1));
        assertThat(testSupport.runReadyTasks()).isEqualTo(1);

        assertThat(tide.task(id).outcome()).isEqualTo(Outcome.SUCCEEDED);
        assertThat(tide.task(id).result()).isEqualTo("\"hello Di (attempt 1)\"");
    }

    @Test
    void noWorkerPoolRunsTasksBehindTheTestsBack() throws InterruptedException {
        long id = tide.enqueue(NewTask.of("count", java.util.Map.of("a", 1))).id();
        Thread.sleep(300);
        assertThat(tide.task(id).state()).isEqualTo(TaskState.READY);
        assertThat(testSupport.runReadyTasks()).isEqualTo(1);
        assertThat(tide.task(id).result()).isEqualTo("1");
    }
}
