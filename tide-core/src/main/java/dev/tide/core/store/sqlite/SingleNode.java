package dev.tide.core.store.sqlite;

import dev.tide.core.store.Coordination;
import java.util.Set;
import java.util.function.Consumer;

/**
 * Coordination where one process holds the database (the engine locks the data folder): it always leads, and there is
 * no other node to signal.
 */
final class SingleNode implements Coordination {
    @Override
    public boolean leaderTryAcquire() {
        return true;
    }

    @Override
    public void leaderRelease() {}

    @Override
    public void readySubscribe(Consumer<String> listener) {}

    @Override
    public void readyPublish(Set<String> queues) {}
}
