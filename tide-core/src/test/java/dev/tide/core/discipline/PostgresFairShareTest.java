package dev.tide.core.discipline;

import dev.tide.core.Tide;
import dev.tide.core.TideConfig;
import dev.tide.core.testing.PostgresTestDatabase;
import org.junit.jupiter.api.AfterEach;

class PostgresFairShareTest extends FairShareContract {
    private PostgresTestDatabase db;

    @Override
    protected Tide open() {
        db = PostgresTestDatabase.create("fair_share");
        return Tide.builder()
                .postgres(db.url())
                .config(TideConfig.defaults().withMaintenanceInterval(null))
                .build();
    }

    @AfterEach
    void dropSchema() {
        if (db != null) {
            db.close();
        }
    }
}
