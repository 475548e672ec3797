package dev.tide.spring.starter;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tide.api.NewTask;
import dev.tide.api.Outcome;
import dev.tide.api.TaskInfo;
import dev.tide.api.TaskState;
import dev.tide.core.Tide;
import dev.tide.spring.starter.app.StarterTestApplication;
import dev.tide.spring.starter.shutdown.ShutdownHandlers;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * Closing the application closes Tide gracefully: claiming stops, a running handler that finishes within
 * {@code tide.workers.shutdown-timeout} is recorded, and one still running after it is handed back (ready, its attempt
 * not counted), never lost. The store is read afterwards by an engine of the test's own on the same folder.
 */
class GracefulShutdownTest {
    @TempDir
    Path folder;

    @Test
    void aRunningTaskFinishesWithinTheTimeoutAndOneStillRunningAfterItIsHandedBack() throws Exception {
        long slow;
        long stuck;
        try (ConfigurableApplicationContext application = new SpringApplicationBuilder(
                        StarterTestApplication.class, ShutdownHandlers.class)
                .web(WebApplicationType.NONE)
                .properties(Map.of(
                        "tide.data-folder",
                        folder.toString(),
                        "spring.datasource.url",
                        "jdbc:sqlite:" + folder.resolve("application.db"),
                        "tide.workers.shutdown-timeout",
                        "1s"))
                .run()) {
            Tide tide = application.getBean(Tide.class);
            slow = tide.enqueue(NewTask.of("slow", Map.of())).id();
            stuck = tide.enqueue(NewTask.of("stuck", Map.of())).id();
            assertThat(ShutdownHandlers.STARTED.await(20, TimeUnit.SECONDS))
                    .as("both handlers started")
                    .isTrue();
        }

        try (Tide reopened = Tide.builder().sqlite(folder).build()) {
            TaskInfo finished = reopened.task(slow);
            assertThat(finished.state()).isEqualTo(TaskState.FINISHED);
            assertThat(finished.outcome()).isEqualTo(Outcome.SUCCEEDED);
            assertThat(finished.result()).isEqualTo("\"finished\"");

            TaskInfo handedBack = reopened.task(stuck);
            assertThat(handedBack.state()).isEqualTo(TaskState.READY);
            assertThat(handedBack.message()).isEqualTo("released at worker shutdown");
        }
    }
}
