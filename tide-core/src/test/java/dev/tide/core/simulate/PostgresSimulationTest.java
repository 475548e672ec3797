package dev.tide.core.simulate;

import dev.tide.core.Tide;
import dev.tide.core.testing.PostgresTestDatabase;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;

/**
 * Simulations on a fresh PostgreSQL schema, on the multi-node store: the whole week of table 9 (some 30 seconds, since
 * its nights take 200 claims an hour, 5 per session, each a few round trips to the database).
 */
class PostgresSimulationTest extends SimulationContract {
    private PostgresTestDatabase db;

    @BeforeEach
    void createSchema() {
        db = PostgresTestDatabase.create("simulate");
    }

    @AfterEach
    void dropSchema() {
        if (db != null) {
            db.close();
        }
    }

    @Override
    protected Tide.Builder storage() {
        return Tide.builder().postgres(db.url());
    }
}
