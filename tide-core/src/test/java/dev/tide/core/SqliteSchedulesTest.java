package dev.tide.core;

import dev.tide.core.contract.FixtureFactory;
import dev.tide.core.contract.SchedulesContract;
import dev.tide.core.testing.SqliteFixtures;

/** Schedules through their API on SQLite. */
class SqliteSchedulesTest extends SchedulesContract {
    @Override
    protected FixtureFactory factory() {
        return SqliteFixtures.factory();
    }
}
