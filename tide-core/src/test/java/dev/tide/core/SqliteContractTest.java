package dev.tide.core;

import dev.tide.core.contract.FixtureFactory;
import dev.tide.core.contract.TaskQueueContract;
import dev.tide.core.testing.SqliteFixtures;

/** The contract on the embedded engine over SQLite, a fresh database file per test. */
class SqliteContractTest extends TaskQueueContract {
    @Override
    protected FixtureFactory factory() {
        return SqliteFixtures.factory();
    }
}
