package dev.tide.server;

import dev.tide.core.contract.FixtureFactory;
import dev.tide.core.testing.SqliteFixtures;

/** The tenant fuzzer over HTTP, on SQLite. */
class SqliteTenantFuzzTest extends TenantFuzzContract {
    @Override
    protected FixtureFactory factory() {
        return SqliteFixtures.factory();
    }
}
