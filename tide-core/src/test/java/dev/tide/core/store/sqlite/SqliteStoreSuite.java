package dev.tide.core.store.sqlite;

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
import dev.tide.core.testing.TempFolders;
import java.nio.file.Path;
import org.junit.jupiter.api.Nested;

/**
 * The store contracts on SQLite, one nested class per concern: the store opened straight on a fresh folder for each
 * test and migrated, with no engine in front.
 */
class SqliteStoreSuite {
    static final StoreFactory stores = () -> {
        Path folder = TempFolders.create("tide-store-");
        SqliteStore store = SqliteStore.open(folder, JobEndHook.NONE);
        try {
            store.schemaMigrate();
        } catch (RuntimeException e) {
            store.close();
            TempFolders.delete(folder);
            throw e;
        }
        return new StoreFactory.OpenStore(store, () -> TempFolders.delete(folder));
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
    }
}
