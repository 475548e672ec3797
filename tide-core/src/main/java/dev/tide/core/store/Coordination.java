package dev.tide.core.store;

import java.util.Set;
import java.util.function.Consumer;

/**
 * Coordination between the nodes that share one database: leadership of maintenance, and ready signals.
 */
public interface Coordination {

    /**
     * Tries to become (or stay) the one node that runs maintenance. A store for one process always answers true.
     */
    boolean leaderTryAcquire();

    /** Gives up leadership if held. */
    void leaderRelease();

    /**
     * Subscribes to "tasks became ready in queue X" from other nodes. Stores without cross-node notification do
     * nothing; the engine polls as a fallback either way.
     */
    void readySubscribe(Consumer<String> listener);

    /** Tells other nodes that tasks became ready in these queues. */
    void readyPublish(Set<String> queues);
}
