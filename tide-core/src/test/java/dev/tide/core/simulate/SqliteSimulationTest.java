package dev.tide.core.simulate;

import dev.tide.core.Tide;
import dev.tide.core.TideBuilder;
import org.junit.jupiter.api.AfterEach;

/** Simulations on a fresh SQLite folder, made where the command makes it. */
class SqliteSimulationTest extends SimulationContract {
    private final ScratchFolder folder = ScratchFolder.create();

    @Override
    protected TideBuilder storage() {
        return Tide.builder().sqlite(folder.path());
    }

    @AfterEach
    void delete() {
        folder.close();
    }
}
