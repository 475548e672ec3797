package dev.tide.server;

import dev.tide.core.contract.FixtureFactory;
import dev.tide.core.contract.QueuesContract;

/** Queues and their users through the HTTP API over loopback HTTP. */
class HttpQueuesTest extends QueuesContract {
    @Override
    protected FixtureFactory factory() {
        return new HttpFixtureFactory();
    }
}
