package dev.tide.core;

import dev.tide.core.contract.FixtureFactory;
import dev.tide.core.contract.TaskQueueContract;
import dev.tide.core.testing.PostgresFixtures;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/** The contract on the embedded engine over PostgreSQL: one schema for the class, emptied before each test. */
class PostgresContractTest extends TaskQueueContract {
    private static PostgresFixtures fixtures;

    @BeforeAll
    static void createSchema() {
        fixtures = PostgresFixtures.create("contract");
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
