package dev.tide.spring.starter;

import dev.tide.core.testing.PostgresTestDatabase;
import dev.tide.spring.starter.app.StarterTestApplication;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * The starter on a real PostgreSQL through the application's own DataSource ({@code TIDE_TEST_PG_URL}; skipped with a notice when unreachable, failed under
 * {@code TIDE_REQUIRE_POSTGRES=true}), in a schema of its own that is dropped once the application has closed.
 */
// Declared before @SpringBootTest's SpringExtension, so its afterAll runs after the one that closes the context.
@ExtendWith(PostgresStarterTest.Schema.class)
@SpringBootTest(
        classes = StarterTestApplication.class,
        webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {
            "management.endpoints.web.exposure.include=health,metrics",
            "management.endpoint.health.show-details=always",
            "tide.health.max-lag=1s",
            "tide.maintenance-interval=200ms",
            "tide.store=postgresql"
        })
@DirtiesContext
class PostgresStarterTest extends AbstractStarterTest {
    private static PostgresTestDatabase database;

    @DynamicPropertySource
    static void store(DynamicPropertyRegistry registry) {
        // No tide.postgres.url: Tide on the application's DataSource, its tables in the schema the property names, the
        // application's in the same one (the DataSource's URL names it as its current schema).
        registry.add("tide.postgres.schema", () -> database.schema());
        registry.add("spring.datasource.url", () -> database.url());
    }

    /** A fresh schema for the class, dropped after the application and its engine have closed. */
    static final class Schema implements BeforeAllCallback, AfterAllCallback {
        @Override
        public void beforeAll(ExtensionContext context) {
            database = PostgresTestDatabase.create("spring");
        }

        @Override
        public void afterAll(ExtensionContext context) {
            if (database != null) {
                database.close();
            }
        }
    }

    @Override
    boolean storeIsTheApplicationsDatabase() {
        return true;
    }
}
