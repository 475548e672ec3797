package dev.tide.core.testing;

import dev.tide.core.Tide;
import dev.tide.core.contract.EngineFixture;
import dev.tide.core.contract.FixtureFactory;
import java.nio.file.Path;

/** Engines on SQLite for the contract suites: a fresh data folder per test, deleted afterwards. */
public final class SqliteFixtures {
    private SqliteFixtures() {}

    public static FixtureFactory factory() {
        return (clock, config) -> {
            Path folder = TempFolders.create("tide-test-");
            Tide tide =
                    Tide.builder().sqlite(folder).clock(clock).config(config).build();
            return new EngineFixture(tide, () -> TempFolders.delete(folder));
        };
    }
}
