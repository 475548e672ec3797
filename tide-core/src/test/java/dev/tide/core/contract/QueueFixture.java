package dev.tide.core.contract;

import dev.tide.api.TaskQueue;
import dev.tide.api.auth.Accounts;
import dev.tide.core.Tide;

/**
 * One queue under test: the {@link TaskQueue} the contract exercises (the embedded engine, or an HTTP client talking to
 * a server over loopback) and the engine behind it.
 */
public interface QueueFixture extends AutoCloseable {
    TaskQueue queue();

    /** The engine behind the queue, for maintenance and white-box checks. */
    Tide engine();

    /** The users of the server in front of the queue: the engine's own store, or the admin API over HTTP. */
    default Accounts accounts() {
        return engine().accounts();
    }

    /** Runs one maintenance pass on the engine (promotion, lease reclaim, pruning). */
    default void maintenance() {
        engine().passes().runMaintenance();
    }

    @Override
    void close();
}
