package dev.tide.core;

import dev.tide.core.contract.FixtureFactory;
import dev.tide.core.contract.ProcessorContract;
import dev.tide.core.testing.PostgresFixtures;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Processors on the embedded engine over PostgreSQL. */
class PostgresProcessorTest extends ProcessorContract {
    @RegisterExtension
    static final PostgresFixtures fixtures = PostgresFixtures.perClass("processors");

    @Override
    protected FixtureFactory factory() {
        return fixtures;
    }
}
