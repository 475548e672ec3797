package dev.tide.core;

import dev.tide.core.contract.FixtureFactory;
import dev.tide.core.contract.ParkingAndExpiryContract;
import dev.tide.core.testing.PostgresFixtures;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/** Parking and expiry on the embedded engine over PostgreSQL. */
class PostgresParkingAndExpiryTest extends ParkingAndExpiryContract {
    private static PostgresFixtures fixtures;

    @BeforeAll
    static void createSchema() {
        fixtures = PostgresFixtures.create("parking");
    }

    @AfterAll
    static void dropSchema() {
        if (fixtures != null) {
            fixtures.close();
        }
    }

    @Override
    protected FixtureFactory factory() {
        return fixtures;
    }
}
