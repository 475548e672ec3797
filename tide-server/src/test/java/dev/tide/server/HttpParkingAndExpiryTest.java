package dev.tide.server;

import dev.tide.core.contract.FixtureFactory;
import dev.tide.core.contract.ParkingAndExpiryContract;

/** Parking and expiry through {@code TideClient} over loopback HTTP. */
class HttpParkingAndExpiryTest extends ParkingAndExpiryContract {
    @Override
    protected FixtureFactory factory() {
        return new HttpFixtureFactory();
    }
}
