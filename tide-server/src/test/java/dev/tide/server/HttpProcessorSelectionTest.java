package dev.tide.server;

import dev.tide.core.contract.FixtureFactory;
import dev.tide.core.contract.ProcessorSelectionContract;

/** Seed 004's selection rules under processors, end to end over loopback HTTP, on SQLite. */
class HttpProcessorSelectionTest extends ProcessorSelectionContract {
    @Override
    protected FixtureFactory factory() {
        return new HttpFixtureFactory();
    }
}
