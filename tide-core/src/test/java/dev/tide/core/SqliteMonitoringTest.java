package dev.tide.core;

import dev.tide.core.contract.FixtureFactory;
import dev.tide.core.contract.MonitoringContract;
import dev.tide.core.testing.SqliteFixtures;

/** Status, events and statistics through their API on SQLite. */
class SqliteMonitoringTest extends MonitoringContract {
    @Override
    protected FixtureFactory factory() {
        return SqliteFixtures.factory();
    }
}
