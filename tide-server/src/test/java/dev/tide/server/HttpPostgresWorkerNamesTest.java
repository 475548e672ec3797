package dev.tide.server;

import dev.tide.core.contract.FixtureFactory;
import dev.tide.core.testing.PostgresFixtures;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Worker names per account over HTTP, in front of PostgreSQL. */
class HttpPostgresWorkerNamesTest extends WorkerNamesContract {
    @RegisterExtension
    static final PostgresFixtures fixtures = PostgresFixtures.perClass("worker_names");

    @Override
    protected FixtureFactory engines() {
        return fixtures;
    }
}
