package dev.tide.core;

import dev.tide.core.contract.FixtureFactory;
import dev.tide.core.contract.QueuesContract;
import dev.tide.core.testing.SqliteFixtures;

/** Queues and their users on SQLite. */
class SqliteQueuesTest extends QueuesContract {
    @Override
    protected FixtureFactory factory() {
        return SqliteFixtures.factory();
    }
}
