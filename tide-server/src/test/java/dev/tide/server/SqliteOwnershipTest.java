package dev.tide.server;

import dev.tide.core.contract.FixtureFactory;
import dev.tide.core.testing.SqliteFixtures;

/** The ownership check of ids in bodies and queries, over HTTP, on SQLite. */
class SqliteOwnershipTest extends OwnershipContract {
    @Override
    protected FixtureFactory factory() {
        return SqliteFixtures.factory();
    }
}
