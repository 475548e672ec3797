package dev.tide.core;

import dev.tide.core.contract.FixtureFactory;
import dev.tide.core.contract.MonitoringContract;
import dev.tide.core.testing.PostgresFixtures;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Status, events and statistics through their API on PostgreSQL. */
class PostgresMonitoringTest extends MonitoringContract {
    @RegisterExtension
    static final PostgresFixtures fixtures = PostgresFixtures.perClass("monitoring");

    @Override
    protected FixtureFactory factory() {
        return fixtures;
    }
}
