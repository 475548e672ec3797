package dev.tide.core;

import dev.tide.core.contract.FixtureFactory;
import dev.tide.core.contract.QueuesContract;
import dev.tide.core.testing.PostgresFixtures;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Queues and their users on PostgreSQL. */
class PostgresQueuesTest extends QueuesContract {
    @RegisterExtension
    static final PostgresFixtures fixtures = PostgresFixtures.perClass("queues");

    @Override
    protected FixtureFactory factory() {
        return fixtures;
    }
}
