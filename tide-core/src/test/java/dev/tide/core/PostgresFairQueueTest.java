package dev.tide.core;

import dev.tide.core.contract.FairQueueContract;
import dev.tide.core.contract.FixtureFactory;
import dev.tide.core.testing.PostgresFixtures;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Fair queues and claim filters on the embedded engine over PostgreSQL. */
class PostgresFairQueueTest extends FairQueueContract {
    @RegisterExtension
    static final PostgresFixtures fixtures = PostgresFixtures.perClass("fair");

    @Override
    protected FixtureFactory factory() {
        return fixtures;
    }
}
