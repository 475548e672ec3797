package dev.tide.core.discipline;

import dev.tide.core.Tide;
import dev.tide.core.TideConfig;
import dev.tide.core.testing.PostgresTestDatabase;
import java.util.Random;
import org.junit.jupiter.api.AfterEach;

class PostgresDisciplineStatisticsTest extends DisciplineStatisticsContract {
    private PostgresTestDatabase db;

    @Override
    protected Tide open(Random random) {
        db = PostgresTestDatabase.create("statistics");
        return Tide.builder()
                .postgres(db.url())
                .random(random)
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
