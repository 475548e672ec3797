package dev.tide.server;

import dev.tide.core.contract.FixtureFactory;
import dev.tide.core.contract.KnownTypesContract;

/** Warnings for task types nothing names, over loopback HTTP: the same answers as embedded. */
class HttpKnownTypesTest extends KnownTypesContract {
    @Override
    protected FixtureFactory factory() {
        return new HttpFixtureFactory();
    }
}
