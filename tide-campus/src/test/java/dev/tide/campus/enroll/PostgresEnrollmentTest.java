package dev.tide.campus.enroll;

import dev.tide.core.TideBuilder;
import dev.tide.core.testing.PostgresSchema;
import java.nio.file.Path;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The enrollment import on PostgreSQL ({@code TIDE_TEST_PG_URL}): one schema for the class, holding Tide's tables and
 * the campus tables, emptied before each test (a migration per test would cost a second each). Skipped with a notice
 * when the server cannot be reached, failed instead under {@code TIDE_REQUIRE_POSTGRES=true}.
 */
class PostgresEnrollmentTest extends EnrollmentContract {
    @RegisterExtension
    static final PostgresSchema SCHEMA = PostgresSchema.perClass("campus_enroll");

    @Override
    TideBuilder storage(TideBuilder builder, Path folder) {
        return builder.postgres(SCHEMA.url());
    }
}
