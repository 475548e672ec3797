package dev.tide.server;

import dev.tide.core.Tide;
import dev.tide.core.TideBuilder;
import dev.tide.core.TideConfig;
import dev.tide.core.contract.FixtureFactory;
import dev.tide.core.contract.ProcessorSelectionContract;
import dev.tide.core.testing.TempFolders;
import dev.tide.server.dashboard.DashboardBrowserContract;
import dev.tide.server.dashboard.ProfilesBrowserContract;
import dev.tide.server.intake.FolderIntakeContract;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Nested;

/**
 * The server's contracts every backend runs, one nested class per contract, listed once: a backend's suite
 * ({@link SqliteServerSuite}, {@link PostgresServerSuite}) extends this class and says how to open its engines, and
 * JUnit runs these nested classes as the suite's own. The server's own contracts take engines on the backend and put
 * their server, nodes or beans in front themselves. A contract only one backend runs is a nested class of its suite.
 */
abstract class ServerContracts {

    /** Engines on a fresh, empty store, one per test. */
    protected abstract FixtureFactory engineFixtures();

    /** Clients on a fresh, empty store through a server on loopback HTTP, as an administrator. */
    protected abstract FixtureFactory servedFixtures();

    /**
     * A builder on the backend's store. {@code folder} is the test's own; a backend that keeps its data in files keeps
     * them there (one store per folder), the others share the suite's store.
     */
    protected abstract TideBuilder builderIn(Path folder);

    /** The store's name in printed reports. */
    protected abstract String storeName();

    /** Seed 004's selection rules under processors, end to end over loopback HTTP. */
    @Nested
    class HttpProcessorSelection extends ProcessorSelectionContract {
        @Override
        protected FixtureFactory factory() {
            return servedFixtures();
        }
    }

    /** The dashboard's profile pages (week grid, entries added and refused) in a real browser. */
    @Nested
    class ProfilesBrowser extends ProfilesBrowserContract {
        @Override
        protected FixtureFactory factory() {
            return engineFixtures();
        }

        @Override
        protected String storeName() {
            return ServerContracts.this.storeName();
        }
    }

    /** The web dashboard in a real browser, against a server on the backend. */
    @Nested
    class DashboardBrowser extends DashboardBrowserContract {
        @Override
        protected FixtureFactory factory() {
            return engineFixtures();
        }

        @Override
        protected String storeName() {
            return ServerContracts.this.storeName();
        }
    }

    /** Worker names per account over HTTP. */
    @Nested
    class WorkerNames extends WorkerNamesContract {
        @Override
        protected FixtureFactory engines() {
            return engineFixtures();
        }
    }

    /** The ownership check of ids in bodies and queries, over HTTP. */
    @Nested
    class Ownership extends OwnershipContract {
        @Override
        protected FixtureFactory factory() {
            return engineFixtures();
        }
    }

    /** Bulk actions of confined callers, over HTTP. */
    @Nested
    class BulkTenancy extends BulkTenancyContract {
        @Override
        protected FixtureFactory factory() {
            return engineFixtures();
        }
    }

    /** The tenant fuzzer over HTTP. */
    @Nested
    class TenantFuzz extends TenantFuzzContract {
        @Override
        protected FixtureFactory factory() {
            return engineFixtures();
        }
    }

    @Nested
    class FolderIntake extends FolderIntakeContract {
        @Override
        protected FixtureFactory factory() {
            return engineFixtures();
        }
    }

    /** The JMX beans of a node. */
    @Nested
    class JmxAdmin extends JmxAdminContract {
        @Override
        Tide engine(Path folder) {
            return builderIn(folder.resolve("data")).build();
        }
    }

    @Nested
    class ParkedClaims extends ParkedClaimsContract {
        private final Path folder = TempFolders.create("tide-parked-");

        @Override
        Tide open() {
            return builderIn(folder)
                    .config(TideConfig.defaults().withMaintenanceInterval(null))
                    .build();
        }

        @Override
        String store() {
            return storeName();
        }

        @AfterEach
        void deleteFolder() {
            TempFolders.delete(folder);
        }
    }

    /** Processors in a whole node. */
    @Nested
    class ProcessorNodes extends ProcessorNodeContract {
        @Override
        Tide engine(String node) {
            return builderIn(folder.resolve("data-" + node))
                    .config(TideConfig.defaults().withNodeName(node))
                    .build();
        }
    }
}
