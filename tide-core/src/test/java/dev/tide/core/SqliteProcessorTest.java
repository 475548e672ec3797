package dev.tide.core;

import dev.tide.core.contract.FixtureFactory;
import dev.tide.core.contract.ProcessorContract;
import dev.tide.core.testing.SqliteFixtures;

/** Processors on the embedded engine over SQLite. */
class SqliteProcessorTest extends ProcessorContract {
    @Override
    protected FixtureFactory factory() {
        return SqliteFixtures.factory();
    }
}
