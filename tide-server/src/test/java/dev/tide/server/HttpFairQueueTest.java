package dev.tide.server;

import dev.tide.core.contract.FairQueueContract;
import dev.tide.core.contract.FixtureFactory;

/** Fair queues and claim filters through {@code TideClient} over loopback HTTP. */
class HttpFairQueueTest extends FairQueueContract {
    @Override
    protected FixtureFactory factory() {
        return new HttpFixtureFactory();
    }
}
