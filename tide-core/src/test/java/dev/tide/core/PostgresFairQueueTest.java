package dev.tide.core;

import dev.tide.core.contract.FairQueueContract;
import dev.tide.core.contract.FixtureFactory;
import dev.tide.core.testing.PostgresFixtures;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/** Fair queues and claim filters on the embedded engine over PostgreSQL. */
class PostgresFairQueueTest extends FairQueueContract {
    private static PostgresFixtures fixtures;

    @BeforeAll
    static void createSchema() {
        fixtures = PostgresFixtures.create("fair");
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
