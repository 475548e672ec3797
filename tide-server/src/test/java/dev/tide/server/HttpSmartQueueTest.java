package dev.tide.server;

import dev.tide.core.contract.FixtureFactory;
import dev.tide.core.contract.SmartQueueContract;

/** Coalescing and pending bounds through {@code TideClient} over loopback HTTP. */
class HttpSmartQueueTest extends SmartQueueContract {
    @Override
    protected FixtureFactory factory() {
        return new HttpFixtureFactory();
    }
}
