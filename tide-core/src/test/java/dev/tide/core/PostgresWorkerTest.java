package dev.tide.core;

import dev.tide.core.contract.FixtureFactory;
import dev.tide.core.contract.WorkerContract;
import dev.tide.core.testing.PostgresFixtures;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/** Worker pools against the engine over PostgreSQL: one schema for the class, emptied before each test. */
class PostgresWorkerTest extends WorkerContract {
    private static PostgresFixtures fixtures;

    @BeforeAll
    static void createSchema() {
        fixtures = PostgresFixtures.create("workers");
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
