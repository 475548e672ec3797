package dev.tide.core;

import dev.tide.core.contract.FixtureFactory;
import dev.tide.core.contract.ProcessorSelectionContract;
import dev.tide.core.testing.SqliteFixtures;

/** Seed 004's selection rules under processors, on the embedded engine over SQLite. */
class SqliteProcessorSelectionTest extends ProcessorSelectionContract {
    @Override
    protected FixtureFactory factory() {
        return SqliteFixtures.factory();
    }
}
