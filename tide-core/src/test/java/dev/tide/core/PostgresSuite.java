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
import dev.tide.core.contract.ProfileContract;
import dev.tide.core.contract.QueuesContract;
import dev.tide.core.contract.SchedulesContract;
import dev.tide.core.contract.SmartQueueContract;
import dev.tide.core.contract.TaskQueueContract;
import dev.tide.core.contract.WorkerContract;
import dev.tide.core.schedule.ScheduleContract;
import dev.tide.core.simulate.SimulationContract;
import dev.tide.core.store.postgresql.PostgresStore;
import dev.tide.core.testing.PostgresFixtures;
import dev.tide.core.testing.PostgresSchema;
import dev.tide.core.testing.S3ProxyProcess;
import dev.tide.core.testing.TempFolders;
import dev.tide.core.time.ManualClock;
import java.nio.file.Path;
import java.time.InstantSource;
import java.util.List;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The engine contracts on the embedded engine over PostgreSQL, one nested class per contract. The suite has one schema
 * for the engines the fixture opens and one for the contracts that build their engine themselves, each emptied before
 * every test. When PostgreSQL is unreachable the whole suite is skipped with a notice (failed under CI).
 */
class PostgresSuite {
    @RegisterExtension
    static final PostgresFixtures fixtures = PostgresFixtures.perClass("suite");

    @RegisterExtension
    static final PostgresSchema schema = PostgresSchema.perClass("suite_builders");

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

    /** Many leases heartbeat in one statement on PostgreSQL. */
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
            try (var fixture =
                    fixtures.open(InstantSource.system(), TideConfig.defaults().withMaintenanceInterval(null))) {
                PostgresStore store = (PostgresStore) fixture.engine().store();
                for (String statement : List.of("coalescing_pending", "pending_count_key")) {
                    assertThat(String.join("\n", store.explain(statement)))
                            .as(statement)
                            .containsPattern("Index (Only )?Scan using tide_tasks_coalescing on tide_tasks")
                            .doesNotContain("Sort");
                }
                assertThat(String.join("\n", store.explain("pending_count_queue")))
                        .containsPattern("Index (Only )?Scan using tide_tasks_bounded");
                assertThat(String.join("\n", store.explain("pending_count_user")))
                        .containsPattern("Index (Only )?Scan using tide_tasks_bounded");
            }
        }
    }

    /** The in-process coalescing check. */
    @Nested
    class CoalescingCheck extends CoalescingCheckContract {
        @Override
        protected TideBuilder storage() {
            return Tide.builder().postgres(schema.url());
        }
    }

    /** Large payloads in a blob folder (one that nodes would share on a network file system). */
    @Nested
    class BlobPayloads extends BlobPayloadContract {
        private Path folder;

        @Override
        protected Tide open(ManualClock clock, TideConfig config) {
            folder = TempFolders.create("tide-blob-folder-");
            return schema.builder()
                    .clock(clock)
                    .config(config)
                    .blobStore(new FolderBlobStore(folder))
                    .build();
        }

        @Override
        protected void cleanup() {
            TempFolders.delete(folder);
        }
    }

    /** Large payloads in an S3 bucket: the distributed deployment, against a real S3-compatible server. */
    @Nested
    class S3BlobPayloads extends BlobPayloadContract {
        @Override
        protected Tide open(ManualClock clock, TideConfig config) {
            return schema.builder()
                    .clock(clock)
                    .config(config)
                    .blobStore(S3ProxyProcess.shared().newStore("tide/"))
                    .build();
        }
    }

    /** The two-engine test races two connection pools on one schema. */
    @Nested
    class Schedules extends ScheduleContract {
        @Override
        protected TideBuilder storage() {
            return Tide.builder().postgres(schema.url());
        }
    }

    /**
     * On the multi-node store: the whole week of table 9 (some 30 seconds, since its nights take 200 claims an hour, 5
     * per session, each a few round trips to the database).
     */
    @Nested
    class Simulations extends SimulationContract {
        @Override
        protected TideBuilder storage() {
            return schema.builder();
        }
    }
}
