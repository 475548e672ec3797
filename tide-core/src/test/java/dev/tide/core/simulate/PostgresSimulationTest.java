package dev.tide.core.simulate;

import dev.tide.core.Tide;
import dev.tide.core.testing.PostgresTestDatabase;
import java.time.LocalDateTime;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Simulations on a fresh PostgreSQL schema, on the multi-node store. Each claim is a round trip to the database and
 * table 9's nights take 200 claims an hour (5 per session), so the regular suite runs two days of the week, a work day
 * and a weekend day, and the whole week runs with {@code -Dtide.slow=true}.
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
    protected SimulationSpec part(SimulationSpec week) {
        return week.withStart(LocalDateTime.parse("2026-01-07T00:00")).withDays(2); // Wednesday and Thursday
    }

    @Test
    @Tag("slow")
    void theWholeWeekOfTable9() {
        runTable9(SpecReader.read(EXAMPLES.resolve("table9.json")));
    }

    @Override
    protected Tide.Builder storage() {
        return Tide.builder().postgres(db.url());
    }
}
