package dev.tide.core;

import dev.tide.core.contract.FixtureFactory;
import dev.tide.core.contract.TaskQueueContract;
import dev.tide.core.testing.PostgresFixtures;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The contract on the embedded engine over PostgreSQL: one schema for the class, emptied before each test. */
class PostgresContractTest extends TaskQueueContract {
    @RegisterExtension
    static final PostgresFixtures fixtures = PostgresFixtures.perClass("contract");

    @Override
    protected FixtureFactory factory() {
        return fixtures;
    }
}
