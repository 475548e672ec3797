package dev.tide.core.store.postgresql;

import dev.tide.core.store.Coordination;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;

/**
 * Coordination between the nodes over one PostgreSQL schema: wake-ups by {@code LISTEN/NOTIFY} ({@link ReadyListener},
 * debounced by {@link ReadyPublisher}) and maintenance leadership by a session advisory lock ({@link LeaderLock}).
 */
final class PostgresCoordination implements Coordination, AutoCloseable {
    private final PostgresDatabase db;
    private final String schema;
    private final String origin;
    private final ReadyListener listener;
    private final ReadyPublisher publisher;
    private final LeaderLock leader;

    /** @param origin this node's mark on its notifications, so that it ignores its own */
    PostgresCoordination(
            PostgresDatabase db,
            PostgresConnections connections,
            PostgresOptions options,
            String schema,
            String origin) {
        this.db = db;
        this.schema = schema;
        this.origin = origin;
        this.listener = new ReadyListener(connections, origin, schema);
        this.publisher = new ReadyPublisher(options.readyDebounce(), this::notifyReady);
        this.leader = new LeaderLock(connections, db.sql(), schema);
    }

    @Override
    public boolean leaderTryAcquire() {
        return leader.tryAcquire();
    }

    @Override
    public void leaderRelease() {
        leader.release();
    }

    @Override
    public void readySubscribe(Consumer<String> subscriber) {
        listener.subscribe(subscriber);
    }

    @Override
    public void readyPublish(Set<String> queues) {
        publisher.publish(queues);
    }

    private void notifyReady(List<String> queues) {
        List<String> payloads = queues.stream()
                .map(q -> new ReadyMessage(origin, q, schema).encode())
                .toList();
        db.write(tx -> {
            tx.prepare("ready_notify").setTexts("payloads", payloads).query().close();
            return null;
        });
    }

    @Override
    public void close() {
        publisher.close();
        listener.close();
        leader.close();
    }
}
