package dev.tide.server;

import dev.tide.core.contract.FixtureFactory;
import dev.tide.core.contract.SchedulesContract;

/** Schedules through the HTTP API over loopback HTTP. */
class HttpSchedulesTest extends SchedulesContract {
    @Override
    protected FixtureFactory factory() {
        return new HttpFixtureFactory();
    }
}
