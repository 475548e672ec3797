package dev.tide.core;

import dev.tide.core.contract.EngineFixture;
import dev.tide.core.contract.FixtureFactory;
import dev.tide.core.contract.WorkerContract;
import dev.tide.core.testing.TempFolders;
import java.nio.file.Path;

class SqliteWorkerTest extends WorkerContract {
    @Override
    protected FixtureFactory factory() {
        return (clock, config) -> {
            Path folder = TempFolders.create("tide-workers-");
            Tide tide =
                    Tide.builder().sqlite(folder).clock(clock).config(config).build();
            return new EngineFixture(tide, () -> TempFolders.delete(folder));
        };
    }
}
