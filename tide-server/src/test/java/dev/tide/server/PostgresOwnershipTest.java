package dev.tide.server;

import dev.tide.core.contract.FixtureFactory;
import dev.tide.core.testing.PostgresFixtures;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The ownership check of ids in bodies and queries, over HTTP, on PostgreSQL. */
class PostgresOwnershipTest extends OwnershipContract {
    @RegisterExtension
    static final PostgresFixtures fixtures = PostgresFixtures.perClass("http_ownership");

    @Override
    protected FixtureFactory factory() {
        return fixtures;
    }
}
