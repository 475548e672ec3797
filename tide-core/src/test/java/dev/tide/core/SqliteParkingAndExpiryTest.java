package dev.tide.core;

import dev.tide.core.contract.FixtureFactory;
import dev.tide.core.contract.ParkingAndExpiryContract;
import dev.tide.core.testing.SqliteFixtures;

/** Parking and expiry on the embedded engine over SQLite. */
class SqliteParkingAndExpiryTest extends ParkingAndExpiryContract {
    @Override
    protected FixtureFactory factory() {
        return SqliteFixtures.factory();
    }
}
