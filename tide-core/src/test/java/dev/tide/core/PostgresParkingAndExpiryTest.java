package dev.tide.core;

import dev.tide.core.contract.FixtureFactory;
import dev.tide.core.contract.ParkingAndExpiryContract;
import dev.tide.core.testing.PostgresFixtures;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Parking and expiry on the embedded engine over PostgreSQL. */
class PostgresParkingAndExpiryTest extends ParkingAndExpiryContract {
    @RegisterExtension
    static final PostgresFixtures fixtures = PostgresFixtures.perClass("parking");

    @Override
    protected FixtureFactory factory() {
        return fixtures;
    }
}
