package dev.tide.core;

import dev.tide.core.contract.FixtureFactory;
import dev.tide.core.contract.LateJobContract;
import dev.tide.core.testing.SqliteFixtures;

/** Late jobs on the embedded engine over SQLite. */
class SqliteLateJobTest extends LateJobContract {
    @Override
    protected FixtureFactory factory() {
        return SqliteFixtures.factory();
    }
}
