package dev.tide.core.discipline;

import dev.tide.core.Tide;
import dev.tide.core.TideConfig;
import dev.tide.core.testing.TempFolders;
import java.nio.file.Path;
import java.util.Random;
import org.junit.jupiter.api.AfterEach;

class SqliteDisciplineStatisticsTest extends DisciplineStatisticsContract {
    private Path folder;

    @Override
    protected Tide open(Random random) {
        folder = TempFolders.create("tide-statistics-");
        return Tide.builder()
                .sqlite(folder)
                .random(random)
                .config(TideConfig.defaults().withMaintenanceInterval(null))
                .build();
    }

    @AfterEach
    void deleteFolder() {
        TempFolders.delete(folder);
    }
}
