package dev.tide.core;

import dev.tide.core.contract.FixtureFactory;
import dev.tide.core.contract.LateJobContract;
import dev.tide.core.testing.PostgresFixtures;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Late jobs on the embedded engine over PostgreSQL. */
class PostgresLateJobTest extends LateJobContract {
    @RegisterExtension
    static final PostgresFixtures fixtures = PostgresFixtures.perClass("late_jobs");

    @Override
    protected FixtureFactory factory() {
        return fixtures;
    }
}
