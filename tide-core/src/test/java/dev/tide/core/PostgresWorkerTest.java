package dev.tide.core;

import dev.tide.core.contract.FixtureFactory;
import dev.tide.core.contract.WorkerContract;
import dev.tide.core.testing.PostgresFixtures;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Worker pools against the engine over PostgreSQL: one schema for the class, emptied before each test. */
class PostgresWorkerTest extends WorkerContract {
    @RegisterExtension
    static final PostgresFixtures fixtures = PostgresFixtures.perClass("workers");

    @Override
    protected FixtureFactory factory() {
        return fixtures;
    }
}
