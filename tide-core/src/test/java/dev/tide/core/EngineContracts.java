package dev.tide.core;

import dev.tide.core.contract.AccountsContract;
import dev.tide.core.contract.AdmissionContract;
import dev.tide.core.contract.BlobPayloadContract;
import dev.tide.core.contract.BulkActionsContract;
import dev.tide.core.contract.CoalescingCheckContract;
import dev.tide.core.contract.CycleContract;
import dev.tide.core.contract.DashboardReadsContract;
import dev.tide.core.contract.DependencyContract;
import dev.tide.core.contract.FairQueueContract;
import dev.tide.core.contract.FixtureFactory;
import dev.tide.core.contract.IntakeContract;
import dev.tide.core.contract.KnownTypesContract;
import dev.tide.core.contract.LateJobContract;
import dev.tide.core.contract.LeaseLengthContract;
import dev.tide.core.contract.MonitoringContract;
import dev.tide.core.contract.NodesContract;
import dev.tide.core.contract.ParkingAndExpiryContract;
import dev.tide.core.contract.ProcessorContract;
import dev.tide.core.contract.ProfileContract;
import dev.tide.core.contract.QueueRatesContract;
import dev.tide.core.contract.QueuesContract;
import dev.tide.core.contract.SchedulesContract;
import dev.tide.core.contract.SmartQueueContract;
import dev.tide.core.contract.TaskQueueContract;
import dev.tide.core.contract.TaskSearchContract;
import dev.tide.core.contract.WorkerContract;
import dev.tide.core.schedule.ScheduleContract;
import dev.tide.core.simulate.ScratchFolder;
import dev.tide.core.simulate.SimulationContract;
import dev.tide.core.testing.TempFolders;
import dev.tide.core.time.ManualClock;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The engine contracts every embedded backend runs, one nested class per contract, listed once: a backend's suite
 * ({@link SqliteSuite}, {@link PostgresSuite}) extends this class, says how to open its store, and JUnit runs these
 * nested classes as the suite's own. A contract only one backend runs is a nested class of that suite. Each test gets a
 * fresh suite instance, so what a backend keeps per test may live in its fields.
 */
abstract class EngineContracts {

    /** Engines on a fresh, empty store, one per test, for the contracts that take a fixture. */
    protected abstract FixtureFactory engines();

    /**
     * A builder on an empty store of this backend. {@code folder} is the test's own, empty and deleted after it; a
     * backend that keeps its data in files keeps them there, and every call with the same folder reaches the same
     * store.
     */
    protected abstract TideBuilder builderIn(Path folder);

    /** As {@link #builderIn}, with the blob store keeping its blobs in files under {@code folder}. */
    protected abstract TideBuilder builderWithBlobsIn(Path folder);

    /** Asserts that the smart queue's lookups and pending counts read their partial indexes, in the store's plans. */
    protected abstract void assertSmartQueueLookupsReadTheirIndexes();

    @Nested
    class TaskQueue extends TaskQueueContract {
        @Override
        protected FixtureFactory factory() {
            return engines();
        }
    }

    @Nested
    class TaskSearch extends TaskSearchContract {
        @Override
        protected FixtureFactory factory() {
            return engines();
        }
    }

    @Nested
    class Workers extends WorkerContract {
        @Override
        protected FixtureFactory factory() {
            return engines();
        }
    }

    @Nested
    class Accounts extends AccountsContract {
        @Override
        protected FixtureFactory factory() {
            return engines();
        }
    }

    /** Queues and their users. */
    @Nested
    class Queues extends QueuesContract {
        @Override
        protected FixtureFactory factory() {
            return engines();
        }
    }

    /** Schedules through their API. */
    @Nested
    class ScheduleParts extends SchedulesContract {
        @Override
        protected FixtureFactory factory() {
            return engines();
        }
    }

    /** The dashboard's reads: events by task, job and actor; dependents; the jobs list. */
    @Nested
    class DashboardReads extends DashboardReadsContract {
        @Override
        protected FixtureFactory factory() {
            return engines();
        }
    }

    /** The queue page's reads: a fair queue's tasks served in the last hour by user; one queue's statistics. */
    @Nested
    class QueueRates extends QueueRatesContract {
        @Override
        protected FixtureFactory factory() {
            return engines();
        }
    }

    /** Status, events and statistics. */
    @Nested
    class Monitoring extends MonitoringContract {
        @Override
        protected FixtureFactory factory() {
            return engines();
        }
    }

    /** The folder intake switch. */
    @Nested
    class Intake extends IntakeContract {
        @Override
        protected FixtureFactory factory() {
            return engines();
        }
    }

    @Nested
    class Admission extends AdmissionContract {
        @Override
        protected FixtureFactory factory() {
            return engines();
        }
    }

    @Nested
    class Dependencies extends DependencyContract {
        @Override
        protected FixtureFactory factory() {
            return engines();
        }
    }

    @Nested
    class FairQueues extends FairQueueContract {
        @Override
        protected FixtureFactory factory() {
            return engines();
        }
    }

    @Nested
    class KnownTypes extends KnownTypesContract {
        @Override
        protected FixtureFactory factory() {
            return engines();
        }
    }

    @Nested
    class LateJobs extends LateJobContract {
        @Override
        protected FixtureFactory factory() {
            return engines();
        }
    }

    /** Many leases heartbeat in one statement on PostgreSQL. */
    @Nested
    class LeaseLength extends LeaseLengthContract {
        @Override
        protected FixtureFactory factory() {
            return engines();
        }
    }

    @Nested
    class BulkActions extends BulkActionsContract {
        @Override
        protected FixtureFactory factory() {
            return engines();
        }
    }

    @Nested
    class ParkingAndExpiry extends ParkingAndExpiryContract {
        @Override
        protected FixtureFactory factory() {
            return engines();
        }
    }

    @Nested
    class Processors extends ProcessorContract {
        @Override
        protected FixtureFactory factory() {
            return engines();
        }
    }

    @Nested
    class Profiles extends ProfileContract {
        @Override
        protected FixtureFactory factory() {
            return engines();
        }
    }

    @Nested
    class Cycles extends CycleContract {
        @Override
        protected FixtureFactory factory() {
            return engines();
        }
    }

    /** Coalescing and pending bounds, and the plans of their lookups. */
    @Nested
    class SmartQueue extends SmartQueueContract {
        @Override
        protected FixtureFactory factory() {
            return engines();
        }

        @Test
        void lookupsAndCountsReadTheirPartialIndexes() {
            assertSmartQueueLookupsReadTheirIndexes();
        }
    }

    /** The in-process coalescing check. */
    @Nested
    class CoalescingCheck extends CoalescingCheckContract {
        private Path folder;

        @Override
        protected TideBuilder storage() {
            folder = TempFolders.create("tide-check-");
            return builderIn(folder);
        }

        @Override
        protected void cleanUp() {
            TempFolders.delete(folder);
        }
    }

    /** Large payloads in a blob store on the file system (one that nodes would share on a network file system). */
    @Nested
    class BlobPayloads extends BlobPayloadContract {
        private Path folder;

        @Override
        protected Tide open(ManualClock clock, TideConfig config) {
            folder = TempFolders.create("tide-blob-");
            return builderWithBlobsIn(folder).clock(clock).config(config).build();
        }

        @Override
        protected void cleanup() {
            TempFolders.delete(folder);
        }
    }

    /**
     * The two-engine test opens the one store twice: on SQLite the one folder, without its folder lock (one process);
     * on PostgreSQL two connection pools race on one schema.
     */
    @Nested
    class Schedules extends ScheduleContract {
        @TempDir
        Path folder;

        @Override
        protected TideBuilder storage() {
            return builderIn(folder).lockFolder(false);
        }
    }

    /** The nodes registry: two engines on one store, as the schedules' two-engine test opens them. */
    @Nested
    class Nodes extends NodesContract {
        @TempDir
        Path folder;

        @Override
        protected TideBuilder storage() {
            return builderIn(folder).lockFolder(false);
        }
    }

    /**
     * Simulations in a fresh folder, made where the command makes it. On PostgreSQL the whole week of table 9 (some 30
     * seconds, since its nights take 200 claims an hour, 5 per session, each a few round trips to the database).
     */
    @Nested
    class Simulations extends SimulationContract {
        private final ScratchFolder folder = ScratchFolder.create();

        @Override
        protected TideBuilder storage() {
            return builderIn(folder.path());
        }

        @AfterEach
        void delete() {
            folder.close();
        }
    }
}
