package dev.tide.server;

import dev.tide.core.contract.FixtureFactory;
import dev.tide.core.contract.ProcessorContract;

/** Processors through {@code TideClient} over loopback HTTP. */
class HttpProcessorTest extends ProcessorContract {
    @Override
    protected FixtureFactory factory() {
        return new HttpFixtureFactory();
    }
}
