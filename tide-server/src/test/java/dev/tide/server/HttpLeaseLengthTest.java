package dev.tide.server;

import dev.tide.core.contract.FixtureFactory;
import dev.tide.core.contract.LeaseLengthContract;

/** Leases keep their claimed length over loopback HTTP: heartbeats that leave out {@code extension}. */
class HttpLeaseLengthTest extends LeaseLengthContract {
    @Override
    protected FixtureFactory factory() {
        return new HttpFixtureFactory();
    }
}
