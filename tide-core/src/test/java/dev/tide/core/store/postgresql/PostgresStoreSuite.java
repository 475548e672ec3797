package dev.tide.core.store.postgresql;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tide.core.store.JobEndHook;
import dev.tide.core.store.contract.StoreAccountsContract;
import dev.tide.core.store.contract.StoreCatalogContract;
import dev.tide.core.store.contract.StoreCoordinationContract;
import dev.tide.core.store.contract.StoreDeadlinesContract;
import dev.tide.core.store.contract.StoreFactory;
import dev.tide.core.store.contract.StoreProcessorsContract;
import dev.tide.core.store.contract.StoreProfilesContract;
import dev.tide.core.store.contract.StoreReportingContract;
import dev.tide.core.store.contract.StoreSchedulesContract;
import dev.tide.core.store.contract.StoreTasksContract;
import dev.tide.core.testing.PostgresSchema;
import java.util.Set;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The store contracts on PostgreSQL, one nested class per concern: the store opened straight on the suite's schema
 * (emptied before each test), with no engine in front. Coordination adds what only a shared database does. Skipped
 * with a notice when PostgreSQL is unreachable (failed under CI).
 */
class PostgresStoreSuite {
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

    @Nested
    class Tasks extends StoreTasksContract {
        @Override
        protected StoreFactory stores() {
            return stores;
        }
    }

    @Nested
    class Catalog extends StoreCatalogContract {
        @Override
        protected StoreFactory stores() {
            return stores;
        }
    }

    @Nested
    class Accounts extends StoreAccountsContract {
        @Override
        protected StoreFactory stores() {
            return stores;
        }
    }

    @Nested
    class Profiles extends StoreProfilesContract {
        @Override
        protected StoreFactory stores() {
            return stores;
        }
    }

    @Nested
    class Schedules extends StoreSchedulesContract {
        @Override
        protected StoreFactory stores() {
            return stores;
        }
    }

    @Nested
    class Processors extends StoreProcessorsContract {
        @Override
        protected StoreFactory stores() {
            return stores;
        }
    }

    @Nested
    class Deadlines extends StoreDeadlinesContract {
        @Override
        protected StoreFactory stores() {
            return stores;
        }
    }

    @Nested
    class Reporting extends StoreReportingContract {
        @Override
        protected StoreFactory stores() {
            return stores;
        }
    }

    @Nested
    class Coordination extends StoreCoordinationContract {
        @Override
        protected StoreFactory stores() {
            return stores;
        }

        /** Only one of the nodes sharing a database leads maintenance; another may lead once it lets go. */
        @Test
        void oneNodeLeadsAtATime() {
            try (StoreFactory.OpenStore other = stores.open()) {
                assertThat(store.leaderTryAcquire()).isTrue();
                assertThat(other.store().leaderTryAcquire()).isFalse();

                store.leaderRelease();

                assertThat(other.store().leaderTryAcquire()).isTrue();
                assertThat(store.leaderTryAcquire()).isFalse();
            }
        }

        /** A node's news that tasks became ready reaches the other nodes' subscribers. */
        @Test
        void readyQueuesReachTheOtherNodes() throws InterruptedException {
            try (StoreFactory.OpenStore other = stores.open()) {
                BlockingQueue<String> heard = new LinkedBlockingQueue<>();
                other.store().readySubscribe(heard::add);
                Thread.sleep(200); // LISTEN is set up on the listener's own connection

                store.readyPublish(Set.of("mail"));

                assertThat(heard.poll(10, TimeUnit.SECONDS)).isEqualTo("mail");
            }
        }
    }
}
