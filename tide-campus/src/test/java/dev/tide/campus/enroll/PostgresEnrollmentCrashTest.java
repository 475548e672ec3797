package dev.tide.campus.enroll;

import dev.tide.campus.enroll.EnrollmentCrashChild.Store;
import dev.tide.core.testing.PostgresSchema;
import java.nio.file.Path;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The import's restart test on PostgreSQL ({@code TIDE_TEST_PG_URL}): one schema for the class, emptied before each
 * trial. Skipped with a notice when the server cannot be reached, failed instead under
 * {@code TIDE_REQUIRE_POSTGRES=true}.
 */
class PostgresEnrollmentCrashTest extends EnrollmentCrashContract {
    @RegisterExtension
    static final PostgresSchema SCHEMA = PostgresSchema.perClass("campus_enroll_crash");

    @Override
    Store store(Path folder) {
        return Store.postgres(SCHEMA.url());
    }
}
