package dev.tide.core;

import dev.tide.core.store.Store;

/** The store of an engine, for tide-core's tests in other packages: {@link Tide#store()} is package-private. */
public final class TideInternals {
    private TideInternals() {}

    public static Store store(Tide tide) {
        return tide.store();
    }

    /** How many times this node's claims on {@code queue} were woken: the in-process wake-up, counted. */
    public static long wakeUps(Tide tide, String queue) {
        return tide.readySignal().version(queue);
    }
}
