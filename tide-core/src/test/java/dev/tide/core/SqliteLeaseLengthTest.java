package dev.tide.core;

import dev.tide.core.contract.FixtureFactory;
import dev.tide.core.contract.LeaseLengthContract;
import dev.tide.core.testing.SqliteFixtures;

/** Leases keep their claimed length on SQLite. */
class SqliteLeaseLengthTest extends LeaseLengthContract {
    @Override
    protected FixtureFactory factory() {
        return SqliteFixtures.factory();
    }
}
