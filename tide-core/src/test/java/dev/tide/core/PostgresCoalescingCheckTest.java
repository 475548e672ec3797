package dev.tide.core;

import dev.tide.core.contract.CoalescingCheckContract;
import dev.tide.core.testing.PostgresTestDatabase;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/** The in-process coalescing check on PostgreSQL. */
class PostgresCoalescingCheckTest extends CoalescingCheckContract {
    private static PostgresTestDatabase db;

    @BeforeAll
    static void createSchema() {
        db = PostgresTestDatabase.create("check");
    }

    @AfterAll
    static void dropSchema() {
        if (db != null) {
            db.close();
        }
    }

    @Override
    protected Tide.Builder storage() {
        db.truncateAll();
        return Tide.builder().postgres(db.url());
    }
}
