package dev.tide.server;

import dev.tide.core.contract.FixtureFactory;
import dev.tide.core.testing.SqliteFixtures;

/** Worker names per account over HTTP, in front of SQLite. */
class HttpWorkerNamesTest extends WorkerNamesContract {
    @Override
    protected FixtureFactory engines() {
        return SqliteFixtures.factory();
    }
}
