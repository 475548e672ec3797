package dev.tide.spring.boot4;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tide.server.TideServer;
import dev.tide.spring.TideAutoConfiguration;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

/** tide.server.enabled without tide-server on the classpath stops the application saying which dependency to add. */
class ServerWithoutTideServerTest {
    @TempDir
    Path folder;

    @Test
    void theMissingDependencyIsNamed() {
        new ApplicationContextRunner()
                .withClassLoader(new FilteredClassLoader(TideServer.class))
                .withConfiguration(
                        AutoConfigurations.of(TideAutoConfiguration.class, TideServerAutoConfiguration.class))
                .withPropertyValues("tide.data-folder=" + folder, "tide.server.enabled=true")
                .run(context -> assertThat(context)
                        .getFailure()
                        .rootCause()
                        .hasMessageContaining("tide.server.enabled=true needs Tide's server on the classpath: add the "
                                + "dependency dev.tide:tide-server"));
    }
}
