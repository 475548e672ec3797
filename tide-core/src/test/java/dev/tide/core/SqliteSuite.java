package dev.tide.core;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tide.core.blob.FolderBlobStore;
import dev.tide.core.contract.AccountsContract;
import dev.tide.core.contract.AdmissionContract;
import dev.tide.core.contract.BlobPayloadContract;
import dev.tide.core.contract.CoalescingCheckContract;
import dev.tide.core.contract.CycleContract;
import dev.tide.core.contract.DependencyContract;
import dev.tide.core.contract.FairQueueContract;
import dev.tide.core.contract.FixtureFactory;
import dev.tide.core.contract.IntakeContract;
import dev.tide.core.contract.KnownTypesContract;
import dev.tide.core.contract.LateJobContract;
import dev.tide.core.contract.LeaseLengthContract;
import dev.tide.core.contract.MonitoringContract;
import dev.tide.core.contract.ParkingAndExpiryContract;
import dev.tide.core.contract.ProcessorContract;
import dev.tide.core.contract.ProcessorSelectionContract;
import dev.tide.core.contract.ProfileContract;
import dev.tide.core.contract.QueuesContract;
import dev.tide.core.contract.SchedulesContract;
import dev.tide.core.contract.SmartQueueContract;
import dev.tide.core.contract.TaskQueueContract;
import dev.tide.core.contract.WorkerContract;
import dev.tide.core.schedule.ScheduleContract;
import dev.tide.core.simulate.ScratchFolder;
import dev.tide.core.simulate.SimulationContract;
import dev.tide.core.store.sqlite.SqliteStore;
import dev.tide.core.testing.SqliteFixtures;
import dev.tide.core.testing.TempFolders;
import dev.tide.core.time.ManualClock;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The engine contracts on the embedded engine over SQLite: each test opens a fresh data folder, deleted afterwards.
 * One nested class per contract; the fixture is the same for all but the few that build their engine themselves.
 */
class SqliteSuite {
    static final FixtureFactory fixtures = SqliteFixtures.factory();

    @Nested
    class TaskQueue extends TaskQueueContract {
        @Override
        protected FixtureFactory factory() {
            return fixtures;
        }
    }

    @Nested
    class Workers extends WorkerContract {
        @Override
        protected FixtureFactory factory() {
            return fixtures;
        }
    }

    @Nested
    class Accounts extends AccountsContract {
        @Override
        protected FixtureFactory factory() {
            return fixtures;
        }
    }

    /** Queues and their users. */
    @Nested
    class Queues extends QueuesContract {
        @Override
        protected FixtureFactory factory() {
            return fixtures;
        }
    }

    /** Schedules through their API. */
    @Nested
    class ScheduleParts extends SchedulesContract {
        @Override
        protected FixtureFactory factory() {
            return fixtures;
        }
    }

    /** Status, events and statistics. */
    @Nested
    class Monitoring extends MonitoringContract {
        @Override
        protected FixtureFactory factory() {
            return fixtures;
        }
    }

    /** The folder intake switch. */
    @Nested
    class Intake extends IntakeContract {
        @Override
        protected FixtureFactory factory() {
            return fixtures;
        }
    }

    @Nested
    class Admission extends AdmissionContract {
        @Override
        protected FixtureFactory factory() {
            return fixtures;
        }
    }

    @Nested
    class Dependencies extends DependencyContract {
        @Override
        protected FixtureFactory factory() {
            return fixtures;
        }
    }

    @Nested
    class FairQueues extends FairQueueContract {
        @Override
        protected FixtureFactory factory() {
            return fixtures;
        }
    }

    @Nested
    class KnownTypes extends KnownTypesContract {
        @Override
        protected FixtureFactory factory() {
            return fixtures;
        }
    }

    @Nested
    class LateJobs extends LateJobContract {
        @Override
        protected FixtureFactory factory() {
            return fixtures;
        }
    }

    @Nested
    class LeaseLength extends LeaseLengthContract {
        @Override
        protected FixtureFactory factory() {
            return fixtures;
        }
    }

    @Nested
    class ParkingAndExpiry extends ParkingAndExpiryContract {
        @Override
        protected FixtureFactory factory() {
            return fixtures;
        }
    }

    @Nested
    class Processors extends ProcessorContract {
        @Override
        protected FixtureFactory factory() {
            return fixtures;
        }
    }

    @Nested
    class ProcessorSelection extends ProcessorSelectionContract {
        @Override
        protected FixtureFactory factory() {
            return fixtures;
        }
    }

    @Nested
    class Profiles extends ProfileContract {
        @Override
        protected FixtureFactory factory() {
            return fixtures;
        }
    }

    @Nested
    class Cycles extends CycleContract {
        @Override
        protected FixtureFactory factory() {
            return fixtures;
        }
    }

    /** Coalescing and pending bounds, and the plans of their lookups. */
    @Nested
    class SmartQueue extends SmartQueueContract {
        @Override
        protected FixtureFactory factory() {
            return fixtures;
        }

        @Test
        void lookupsAndCountsReadTheirPartialIndexes() {
            Path folder = TempFolders.create("tide-plan-");
            try (Tide tide = Tide.builder().sqlite(folder).build()) {
                SqliteStore store = (SqliteStore) tide.store();
                for (String statement : List.of("coalescing_pending", "pending_count_key")) {
                    assertThat(store.explain(statement))
                            .as(statement)
                            .anyMatch(step -> step.contains("USING INDEX tide_tasks_coalescing (queue=? AND owner=? AND"
                                    + " coalescing_key=?)"))
                            .noneMatch(step -> step.contains("TEMP B-TREE"));
                }
                assertThat(store.explain("pending_count_queue"))
                        .anyMatch(step -> step.contains("INDEX tide_tasks_bounded (queue=?)"));
                assertThat(store.explain("pending_count_user"))
                        .anyMatch(step -> step.contains("INDEX tide_tasks_bounded (queue=? AND owner=?)"));
            } finally {
                TempFolders.delete(folder);
            }
        }
    }

    /** The in-process coalescing check. */
    @Nested
    class CoalescingCheck extends CoalescingCheckContract {
        private Path folder;

        @Override
        protected TideBuilder storage() {
            folder = TempFolders.create("tide-check-");
            return Tide.builder().sqlite(folder);
        }

        @Override
        protected void cleanUp() {
            TempFolders.delete(folder);
        }
    }

    /** Large payloads in the engine's default blob store: the data folder's {@code blobs}. */
    @Nested
    class BlobPayloads extends BlobPayloadContract {
        private Path folder;

        @Override
        protected Tide open(ManualClock clock, TideConfig config) {
            folder = TempFolders.create("tide-blob-engine-");
            return Tide.builder().sqlite(folder).clock(clock).config(config).build();
        }

        @Override
        protected void cleanup() {
            TempFolders.delete(folder);
        }

        @Test
        void theDefaultBlobStoreIsTheDataFoldersBlobsFolder() {
            assertThat(blobs)
                    .isInstanceOfSatisfying(
                            FolderBlobStore.class,
                            store -> assertThat(store.root())
                                    .isEqualTo(folder.resolve("blobs").toAbsolutePath()));
        }
    }

    /** The two-engine test opens the one folder twice (no folder lock, one process). */
    @Nested
    class Schedules extends ScheduleContract {
        @TempDir
        Path folder;

        @Override
        protected TideBuilder storage() {
            return Tide.builder().sqlite(folder).lockFolder(false);
        }
    }

    /** Simulations in a fresh folder, made where the command makes it. */
    @Nested
    class Simulations extends SimulationContract {
        private final ScratchFolder folder = ScratchFolder.create();

        @Override
        protected TideBuilder storage() {
            return Tide.builder().sqlite(folder.path());
        }

        @AfterEach
        void delete() {
            folder.close();
        }
    }
}
