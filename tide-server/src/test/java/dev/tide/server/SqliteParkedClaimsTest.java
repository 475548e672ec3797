package dev.tide.server;

import dev.tide.core.Tide;
import dev.tide.core.TideConfig;
import dev.tide.core.testing.TempFolders;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;

class SqliteParkedClaimsTest extends ParkedClaimsContract {
    private final Path folder = TempFolders.create("tide-parked-");

    @Override
    Tide open() {
        return Tide.builder()
                .sqlite(folder)
                .config(TideConfig.defaults().withMaintenanceInterval(null))
                .build();
    }

    @Override
    String store() {
        return "SQLite";
    }

    @AfterEach
    void deleteFolder() {
        TempFolders.delete(folder);
    }
}
