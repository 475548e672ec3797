package dev.tide.server;

import dev.tide.core.contract.FixtureFactory;
import dev.tide.core.contract.WorkerContract;

/** Worker pools on {@code TideClient}s: exactly once, poison tasks, graceful shutdown and heartbeats, over HTTP. */
class HttpWorkerTest extends WorkerContract {
    @Override
    protected FixtureFactory factory() {
        return new HttpFixtureFactory();
    }
}
