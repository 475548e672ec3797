package dev.tide.core.cycle;

import dev.tide.core.contract.CycleContract;
import dev.tide.core.contract.FixtureFactory;
import dev.tide.core.testing.SqliteFixtures;

/** Processing cycles on the embedded engine over SQLite. */
class SqliteCycleTest extends CycleContract {
    @Override
    protected FixtureFactory factory() {
        return SqliteFixtures.factory();
    }
}
