package dev.tide.server;

import dev.tide.core.contract.FixtureFactory;
import dev.tide.core.contract.LateJobContract;

/** Late jobs through {@code TideClient} over loopback HTTP. */
class HttpLateJobTest extends LateJobContract {
    @Override
    protected FixtureFactory factory() {
        return new HttpFixtureFactory();
    }
}
