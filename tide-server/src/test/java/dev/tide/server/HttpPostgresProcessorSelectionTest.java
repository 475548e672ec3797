package dev.tide.server;

import dev.tide.core.contract.FixtureFactory;
import dev.tide.core.contract.ProcessorSelectionContract;
import dev.tide.core.testing.PostgresFixtures;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Seed 004's selection rules under processors, end to end over loopback HTTP, on PostgreSQL. */
class HttpPostgresProcessorSelectionTest extends ProcessorSelectionContract {
    @RegisterExtension
    static final PostgresFixtures fixtures = PostgresFixtures.perClass("http_selection");

    @Override
    protected FixtureFactory factory() {
        return new ServedFixtureFactory(fixtures);
    }
}
