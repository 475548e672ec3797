package dev.tide.core;

import dev.tide.core.contract.FixtureFactory;
import dev.tide.core.contract.WorkerContract;
import dev.tide.core.testing.SqliteFixtures;

/** Worker pools on the embedded engine over SQLite. */
class SqliteWorkerTest extends WorkerContract {
    @Override
    protected FixtureFactory factory() {
        return SqliteFixtures.factory();
    }
}
