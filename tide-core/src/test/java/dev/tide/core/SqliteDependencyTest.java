package dev.tide.core;

import dev.tide.core.contract.DependencyContract;
import dev.tide.core.contract.FixtureFactory;
import dev.tide.core.testing.SqliteFixtures;

/** Dependencies on the embedded engine over SQLite. */
class SqliteDependencyTest extends DependencyContract {
    @Override
    protected FixtureFactory factory() {
        return SqliteFixtures.factory();
    }
}
