package dev.tide.server;

import dev.tide.core.contract.FixtureFactory;
import dev.tide.core.contract.ProfileContract;

/** Profiles through {@code TideClient} over loopback HTTP. */
class HttpProfileTest extends ProfileContract {
    @Override
    protected FixtureFactory factory() {
        return new HttpFixtureFactory();
    }
}
