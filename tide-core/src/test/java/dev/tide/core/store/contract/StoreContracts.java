package dev.tide.core.store.contract;

import org.junit.jupiter.api.Nested;

/**
 * The store contracts every store runs, one nested class per concern, listed once: a store's suite extends this class
 * and says how to open its store ({@link #storeFactory()}), and JUnit runs these nested classes as the suite's own. A
 * concern only one store has is a nested class of that store's suite.
 */
public abstract class StoreContracts {

    /** Opens a fresh store, migrated and empty, with no engine in front. */
    protected abstract StoreFactory storeFactory();

    @Nested
    class Tasks extends StoreTasksContract {
        @Override
        protected StoreFactory stores() {
            return storeFactory();
        }
    }

    @Nested
    class TaskList extends StoreTaskListContract {
        @Override
        protected StoreFactory stores() {
            return storeFactory();
        }
    }

    @Nested
    class Catalog extends StoreCatalogContract {
        @Override
        protected StoreFactory stores() {
            return storeFactory();
        }
    }

    @Nested
    class Accounts extends StoreAccountsContract {
        @Override
        protected StoreFactory stores() {
            return storeFactory();
        }
    }

    @Nested
    class Profiles extends StoreProfilesContract {
        @Override
        protected StoreFactory stores() {
            return storeFactory();
        }
    }

    @Nested
    class Schedules extends StoreSchedulesContract {
        @Override
        protected StoreFactory stores() {
            return storeFactory();
        }
    }

    @Nested
    class Processors extends StoreProcessorsContract {
        @Override
        protected StoreFactory stores() {
            return storeFactory();
        }
    }

    @Nested
    class Deadlines extends StoreDeadlinesContract {
        @Override
        protected StoreFactory stores() {
            return storeFactory();
        }
    }

    @Nested
    class Reporting extends StoreReportingContract {
        @Override
        protected StoreFactory stores() {
            return storeFactory();
        }
    }

    @Nested
    class Coordination extends StoreCoordinationContract {
        @Override
        protected StoreFactory stores() {
            return storeFactory();
        }
    }
}
