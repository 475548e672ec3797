package dev.tide.server;

import dev.tide.api.TaskQueue;
import dev.tide.api.auth.Accounts;
import dev.tide.core.Tide;
import java.time.InstantSource;

/**
 * What the server and the dashboard take from the queue they stand before when nobody names it: a Tide engine's own
 * accounts and clock. A queue of another kind has no accounts and keeps the system's time.
 */
public final class EngineDefaults {
    private EngineDefaults() {}

    /** The engine's accounts, or null when the queue is not a Tide engine. */
    public static Accounts accountsOf(TaskQueue queue) {
        return queue instanceof Tide tide ? tide.accounts() : null;
    }

    /** The engine's clock, else the system's. */
    public static InstantSource clockOf(TaskQueue queue) {
        return queue instanceof Tide tide ? tide.clock() : InstantSource.system();
    }
}
