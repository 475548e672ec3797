package dev.tide.server;

import dev.tide.core.contract.FixtureFactory;
import dev.tide.core.contract.TaskQueueContract;

/** The whole queue contract, every call through {@code TideClient} over loopback HTTP to a server and engine. */
class HttpContractTest extends TaskQueueContract {
    @Override
    protected FixtureFactory factory() {
        return new HttpFixtureFactory();
    }
}
