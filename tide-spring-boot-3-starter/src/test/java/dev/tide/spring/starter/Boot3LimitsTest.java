package dev.tide.spring.starter;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tide.api.NewTask;
import dev.tide.api.Outcome;
import dev.tide.core.Tide;
import dev.tide.spring.boot3.TideBoot3Limits;
import dev.tide.spring.starter.app.Greeter;
import dev.tide.spring.starter.app.StarterTestApplication;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * On Boot 3.5, asking for the embedded server says plainly at start-up that it is not available (Jetty 12.0), and the
 * engine and workers still run.
 */
@ExtendWith(OutputCaptureExtension.class)
class Boot3LimitsTest {
    @TempDir
    Path folder;

    @Test
    void theEmbeddedServerIsRefusedInOneLineAndTheEngineAndWorkersRun(CapturedOutput output) throws Exception {
        try (ConfigurableApplicationContext application = new SpringApplicationBuilder(StarterTestApplication.class)
                .web(WebApplicationType.NONE)
                .properties(Map.of(
                        "tide.server.enabled",
                        "true",
                        "tide.data-folder",
                        folder.toString(),
                        "spring.datasource.url",
                        "jdbc:sqlite:" + folder.resolve("application.db")))
                .run()) {
            assertThat(output.getOut()).contains("WARN").contains(TideBoot3Limits.SERVER_UNAVAILABLE);

            Tide tide = application.getBean(Tide.class);
            long id = tide.enqueue(NewTask.of("greet", new Greeter.Greeting("Eve")))
                    .id();
            assertThat(TaskWaits.finished(tide, id).outcome()).isEqualTo(Outcome.SUCCEEDED);
        }
    }
}
