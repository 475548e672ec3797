package dev.tide.campus.mail;

import dev.tide.core.TideBuilder;
import dev.tide.core.testing.PostgresTestDatabase;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;

/**
 * The campus mailer on PostgreSQL ({@code TIDE_TEST_PG_URL}), a fresh schema per test: skipped with a notice when the
 * server cannot be reached, failed instead under {@code TIDE_REQUIRE_POSTGRES=true}.
 */
class PostgresMailerTest extends MailerContract {
    private PostgresTestDatabase database;

    @Override
    TideBuilder storage(TideBuilder builder, Path folder) {
        database = PostgresTestDatabase.create("campus_mailer");
        return builder.postgres(database.url());
    }

    @AfterEach
    void dropSchema() {
        if (database != null) {
            database.close();
        }
    }
}
