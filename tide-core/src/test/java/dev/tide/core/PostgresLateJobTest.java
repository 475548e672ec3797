package dev.tide.core;

import dev.tide.core.contract.FixtureFactory;
import dev.tide.core.contract.LateJobContract;
import dev.tide.core.testing.PostgresFixtures;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/** Late jobs on the embedded engine over PostgreSQL. */
class PostgresLateJobTest extends LateJobContract {
    private static PostgresFixtures fixtures;

    @BeforeAll
    static void createSchema() {
        fixtures = PostgresFixtures.create("late_jobs");
    }

    @AfterAll
    static void dropSchema() {
        if (fixtures != null) {
            fixtures.close();
        }
    }

    @Override
    protected FixtureFactory factory() {
        return fixtures;
    }
}
