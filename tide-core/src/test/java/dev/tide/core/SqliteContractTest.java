package dev.tide.core;

import dev.tide.core.contract.EngineFixture;
import dev.tide.core.contract.FixtureFactory;
import dev.tide.core.contract.TaskQueueContract;
import dev.tide.core.testing.TempFolders;
import java.nio.file.Path;

/** The contract on the embedded engine over SQLite, a fresh database file per test. */
class SqliteContractTest extends TaskQueueContract {
    @Override
    protected FixtureFactory factory() {
        return (clock, config) -> {
            Path folder = TempFolders.create("tide-contract-");
            Tide tide =
                    Tide.builder().sqlite(folder).clock(clock).config(config).build();
            return new EngineFixture(tide, () -> TempFolders.delete(folder));
        };
    }
}
