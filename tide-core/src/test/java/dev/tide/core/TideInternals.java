package dev.tide.core;

import dev.tide.core.store.Store;

/** The store of an engine, for tide-core's tests in other packages: {@link Tide#store()} is package-private. */
public final class TideInternals {
    private TideInternals() {}

    public static Store store(Tide tide) {
        return tide.store();
    }
}
