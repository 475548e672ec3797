package dev.tide.core;

import dev.tide.core.contract.FixtureFactory;
import dev.tide.core.contract.SchedulesContract;
import dev.tide.core.testing.PostgresFixtures;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Schedules through their API on PostgreSQL. */
class PostgresSchedulesTest extends SchedulesContract {
    @RegisterExtension
    static final PostgresFixtures fixtures = PostgresFixtures.perClass("schedules_api");

    @Override
    protected FixtureFactory factory() {
        return fixtures;
    }
}
