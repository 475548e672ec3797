package dev.tide.server;

import dev.tide.core.contract.DependencyContract;
import dev.tide.core.contract.FixtureFactory;

/** Dependencies through {@code TideClient} over loopback HTTP. */
class HttpDependencyTest extends DependencyContract {
    @Override
    protected FixtureFactory factory() {
        return new HttpFixtureFactory();
    }
}
