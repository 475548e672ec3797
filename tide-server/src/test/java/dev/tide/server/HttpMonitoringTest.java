package dev.tide.server;

import dev.tide.core.contract.FixtureFactory;
import dev.tide.core.contract.MonitoringContract;

/** Status, events and statistics through the HTTP API over loopback HTTP. */
class HttpMonitoringTest extends MonitoringContract {
    @Override
    protected FixtureFactory factory() {
        return new HttpFixtureFactory();
    }
}
