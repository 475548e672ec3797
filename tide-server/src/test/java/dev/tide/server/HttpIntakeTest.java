package dev.tide.server;

import dev.tide.core.contract.FixtureFactory;
import dev.tide.core.contract.IntakeContract;

/** The folder intake switch through the HTTP API over loopback HTTP. */
class HttpIntakeTest extends IntakeContract {
    @Override
    protected FixtureFactory factory() {
        return new HttpFixtureFactory();
    }
}
