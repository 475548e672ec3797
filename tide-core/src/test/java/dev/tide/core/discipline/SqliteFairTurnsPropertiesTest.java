package dev.tide.core.discipline;

import dev.tide.core.contract.FixtureFactory;
import dev.tide.core.testing.SqliteFixtures;

/** Fair turns under random claims, caps and allocations on SQLite. */
class SqliteFairTurnsPropertiesTest extends FairTurnsProperties {
    @Override
    protected FixtureFactory factory() {
        return SqliteFixtures.factory();
    }
}
