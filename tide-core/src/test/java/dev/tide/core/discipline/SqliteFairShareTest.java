package dev.tide.core.discipline;

import dev.tide.core.Tide;
import dev.tide.core.TideConfig;
import dev.tide.core.testing.TempFolders;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;

class SqliteFairShareTest extends FairShareContract {
    private Path folder;

    @Override
    protected Tide open() {
        folder = TempFolders.create("tide-fair-");
        return Tide.builder()
                .sqlite(folder)
                .config(TideConfig.defaults().withMaintenanceInterval(null))
                .build();
    }

    @AfterEach
    void deleteFolder() {
        TempFolders.delete(folder);
    }
}
