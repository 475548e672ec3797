package dev.tide.core;

import dev.tide.core.contract.FixtureFactory;
import dev.tide.core.contract.ProfileContract;
import dev.tide.core.testing.SqliteFixtures;

/** Profiles on the embedded engine over SQLite. */
class SqliteProfileTest extends ProfileContract {
    @Override
    protected FixtureFactory factory() {
        return SqliteFixtures.factory();
    }
}
