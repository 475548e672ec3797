package dev.tide.campus.app;

import dev.tide.core.testing.PostgresTestDatabase;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.ActiveProfiles;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * The application with the profile {@code postgres}: Tide on the application's own DataSource, a real PostgreSQL
 * ({@code TIDE_TEST_PG_URL}; skipped with a notice when unreachable, failed under {@code TIDE_REQUIRE_POSTGRES=true}),
 * Tide's tables and the campus's in a schema of their own, dropped once the application has closed.
 */
// Declared before @SpringBootTest's SpringExtension, so its afterAll runs after the one that closes the context.
@ExtendWith(PostgresCampusAppTest.Schema.class)
@SpringBootTest(classes = CampusApplication.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@ActiveProfiles("postgres")
@DirtiesContext
class PostgresCampusAppTest extends CampusAppContract {
    private static PostgresTestDatabase database;

    @DynamicPropertySource
    static void store(DynamicPropertyRegistry registry) {
        registry.add("spring.datasource.url", () -> database.url());
        registry.add("tide.postgres.schema", () -> database.schema());
    }

    /** A fresh schema for the class, dropped after the application and its engine have closed. */
    static final class Schema implements BeforeAllCallback, AfterAllCallback {
        @Override
        public void beforeAll(ExtensionContext context) {
            database = PostgresTestDatabase.create("campusapp");
        }

        @Override
        public void afterAll(ExtensionContext context) {
            if (database != null) {
                database.close();
            }
        }
    }
}
