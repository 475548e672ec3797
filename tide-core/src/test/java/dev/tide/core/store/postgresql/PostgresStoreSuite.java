package dev.tide.core.store.postgresql;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tide.core.store.JobEndHook;
import dev.tide.core.store.contract.StoreContract;
import dev.tide.core.store.contract.StoreContracts;
import dev.tide.core.store.contract.StoreFactory;
import dev.tide.core.testing.PostgresSchema;
import java.util.Set;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The store contracts ({@link StoreContracts}) on PostgreSQL: the store opened straight on the suite's schema (emptied
 * before each test), with no engine in front. {@link SharedDatabase} adds what only a shared database does. Skipped
 * with a notice when PostgreSQL is unreachable (failed under CI).
 */
class PostgresStoreSuite extends StoreContracts {
    @RegisterExtension
    static final PostgresSchema schema = PostgresSchema.perClass("store_suite");

    static final StoreFactory stores = () -> {
        PostgresStore store = PostgresStore.open(schema.url(), JobEndHook.NONE);
        try {
            store.schemaMigrate();
        } catch (RuntimeException e) {
            store.close();
            throw e;
        }
        return new StoreFactory.OpenStore(store, () -> {});
    };

    @Override
    protected StoreFactory storeFactory() {
        return stores;
    }

    /** Coordination between the nodes that share a database, each with a store of its own on it. */
    @Nested
    class SharedDatabase extends StoreContract {
        @Override
        protected StoreFactory stores() {
            return stores;
        }

        /** Only one of the nodes sharing a database leads maintenance; another may lead once it lets go. */
        @Test
        void oneNodeLeadsAtATime() {
            try (StoreFactory.OpenStore other = stores.open()) {
                assertThat(store.coordination().leaderTryAcquire()).isTrue();
                assertThat(other.store().coordination().leaderTryAcquire()).isFalse();

                store.coordination().leaderRelease();

                assertThat(other.store().coordination().leaderTryAcquire()).isTrue();
                assertThat(store.coordination().leaderTryAcquire()).isFalse();
            }
        }

        /** A node's news that tasks became ready reaches the other nodes' subscribers. */
        @Test
        void readyQueuesReachTheOtherNodes() throws InterruptedException {
            try (StoreFactory.OpenStore other = stores.open()) {
                BlockingQueue<String> heard = new LinkedBlockingQueue<>();
                other.store().coordination().readySubscribe(heard::add);
                Thread.sleep(200); // LISTEN is set up on the listener's own connection

                store.coordination().readyPublish(Set.of("mail"));

                assertThat(heard.poll(10, TimeUnit.SECONDS)).isEqualTo("mail");
            }
        }
    }
}
