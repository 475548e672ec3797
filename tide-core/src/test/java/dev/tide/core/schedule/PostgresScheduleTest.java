package dev.tide.core.schedule;

import dev.tide.core.Tide;
import dev.tide.core.testing.PostgresTestDatabase;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;

/** Schedules on PostgreSQL: the two-engine test races two connection pools on one schema. */
class PostgresScheduleTest extends ScheduleContract {
    private static PostgresTestDatabase db;

    @BeforeAll
    static void createSchema() {
        db = PostgresTestDatabase.create("schedules");
    }

    @AfterAll
    static void dropSchema() {
        if (db != null) {
            db.close();
        }
    }

    @BeforeEach
    void empty() {
        db.truncateAll();
    }

    @Override
    protected Tide.Builder storage() {
        return Tide.builder().postgres(db.url());
    }
}
