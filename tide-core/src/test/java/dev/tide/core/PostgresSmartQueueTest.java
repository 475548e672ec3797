package dev.tide.core;

import dev.tide.core.contract.FixtureFactory;
import dev.tide.core.contract.SmartQueueContract;
import dev.tide.core.testing.PostgresFixtures;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/** Coalescing and pending bounds on the embedded engine over PostgreSQL. */
class PostgresSmartQueueTest extends SmartQueueContract {
    private static PostgresFixtures fixtures;

    @BeforeAll
    static void createSchema() {
        fixtures = PostgresFixtures.create("smart");
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
