package dev.tide.spring.starter;

import dev.tide.spring.starter.app.StarterTestApplication;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/** The starter on SQLite, in a web application with Actuator. */
@SpringBootTest(
        classes = StarterTestApplication.class,
        webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {
            "management.endpoints.web.exposure.include=health,metrics",
            "management.endpoint.health.show-details=always",
            "tide.health.max-lag=1s",
            "tide.maintenance-interval=200ms"
        })
class SqliteStarterTest extends AbstractStarterTest {
    @TempDir
    static Path folder;

    @DynamicPropertySource
    static void store(DynamicPropertyRegistry registry) {
        registry.add("tide.data-folder", () -> folder.toString());
        registry.add("spring.datasource.url", () -> "jdbc:sqlite:" + folder.resolve("application.db"));
    }

    @Override
    boolean storeIsTheApplicationsDatabase() {
        return false;
    }
}
