package dev.tide.core.store.postgresql;

import dev.tide.core.store.Coordination;
import dev.tide.core.store.jdbc.JoinedTransaction;
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
    /** The origin of notifications sent inside joined transactions: not {@link #origin}, so this node hears them. */
    private final String joinedOrigin;

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
        this.joinedOrigin = origin + "j";
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

    /**
     * Inside a joined transaction the notification is sent in that transaction ({@code pg_notify} is delivered at its
     * commit, never if it rolls back) and marked so that this node hears it too: its in-process wake-up may never run
     * (no commit hooks). Otherwise it is debounced and sent after the write, as always.
     */
    @Override
    public void readyPublish(Set<String> queues) {
        if (JoinedTransaction.current() != null) {
            notify(queues.stream().toList(), joinedOrigin);
            return;
        }
        publisher.publish(queues);
    }

    private void notifyReady(List<String> queues) {
        notify(queues, origin);
    }

    private void notify(List<String> queues, String from) {
        List<String> payloads = queues.stream()
                .map(q -> new ReadyMessage(from, q, schema).encode())
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
