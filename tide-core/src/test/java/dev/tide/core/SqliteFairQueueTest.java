package dev.tide.core;

import dev.tide.core.contract.FairQueueContract;
import dev.tide.core.contract.FixtureFactory;
import dev.tide.core.testing.SqliteFixtures;

/** Fair queues and claim filters on the embedded engine over SQLite. */
class SqliteFairQueueTest extends FairQueueContract {
    @Override
    protected FixtureFactory factory() {
        return SqliteFixtures.factory();
    }
}
