package dev.tide.server;

import dev.tide.core.Tide;
import dev.tide.core.TideBuilder;
import dev.tide.core.contract.AccountsContract;
import dev.tide.core.contract.AdmissionContract;
import dev.tide.core.contract.BulkActionsContract;
import dev.tide.core.contract.DashboardReadsContract;
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
import dev.tide.core.contract.QueueRatesContract;
import dev.tide.core.contract.QueuesContract;
import dev.tide.core.contract.SchedulesContract;
import dev.tide.core.contract.SmartQueueContract;
import dev.tide.core.contract.TaskQueueContract;
import dev.tide.core.contract.TaskSearchContract;
import dev.tide.core.contract.WorkerContract;
import dev.tide.core.testing.SqliteFixtures;
import java.nio.file.Path;
import org.junit.jupiter.api.Nested;

/**
 * The contracts through the server, over SQLite: the server's contracts ({@link ServerContracts}), and the engine
 * contracts (the {@code Http*} classes), which run every call through {@code TideClient} over loopback HTTP to a
 * server and an engine in a fresh folder, as an administrator.
 */
class SqliteServerSuite extends ServerContracts {
    static final FixtureFactory http = new HttpFixtureFactory();
    static final FixtureFactory sqlite = SqliteFixtures.factory();

    @Override
    protected FixtureFactory engineFixtures() {
        return sqlite;
    }

    @Override
    protected FixtureFactory servedFixtures() {
        return http;
    }

    @Override
    protected TideBuilder builderIn(Path folder) {
        return Tide.builder().sqlite(folder);
    }

    @Override
    protected String storeName() {
        return "SQLite";
    }

    @Nested
    class HttpTaskQueue extends TaskQueueContract {
        @Override
        protected FixtureFactory factory() {
            return http;
        }
    }

    /** The task list's time, text and payload filters and counts, on {@code TideClient}s. */
    @Nested
    class HttpTaskSearch extends TaskSearchContract {
        @Override
        protected FixtureFactory factory() {
            return http;
        }
    }

    /** Exactly once, poison tasks, graceful shutdown and heartbeats, on {@code TideClient}s. */
    @Nested
    class HttpWorkers extends WorkerContract {
        @Override
        protected FixtureFactory factory() {
            return http;
        }
    }

    /** The built-in user store through the admin API. */
    @Nested
    class HttpAccounts extends AccountsContract {
        @Override
        protected FixtureFactory factory() {
            return http;
        }
    }

    /** Queues and their users, through the HTTP API. */
    @Nested
    class HttpQueues extends QueuesContract {
        @Override
        protected FixtureFactory factory() {
            return http;
        }
    }

    /** Schedules through their API, through the HTTP API. */
    @Nested
    class HttpSchedules extends SchedulesContract {
        @Override
        protected FixtureFactory factory() {
            return http;
        }
    }

    /** Status, events and statistics, through the HTTP API. */
    @Nested
    class HttpDashboardReads extends DashboardReadsContract {
        @Override
        protected FixtureFactory factory() {
            return http;
        }
    }

    /** A fair queue's tasks served and one queue's statistics, through the HTTP API. */
    @Nested
    class HttpQueueRates extends QueueRatesContract {
        @Override
        protected FixtureFactory factory() {
            return http;
        }
    }

    @Nested
    class HttpMonitoring extends MonitoringContract {
        @Override
        protected FixtureFactory factory() {
            return http;
        }
    }

    /** The folder intake switch, through the HTTP API. */
    @Nested
    class HttpIntake extends IntakeContract {
        @Override
        protected FixtureFactory factory() {
            return http;
        }
    }

    /** 429s decoded back to the same exceptions. */
    @Nested
    class HttpAdmission extends AdmissionContract {
        @Override
        protected FixtureFactory factory() {
            return http;
        }
    }

    @Nested
    class HttpDependencies extends DependencyContract {
        @Override
        protected FixtureFactory factory() {
            return http;
        }
    }

    @Nested
    class HttpFairQueues extends FairQueueContract {
        @Override
        protected FixtureFactory factory() {
            return http;
        }
    }

    /** The same answers as embedded. */
    @Nested
    class HttpKnownTypes extends KnownTypesContract {
        @Override
        protected FixtureFactory factory() {
            return http;
        }
    }

    @Nested
    class HttpLateJobs extends LateJobContract {
        @Override
        protected FixtureFactory factory() {
            return http;
        }
    }

    /** Heartbeats that leave out {@code extension}. */
    @Nested
    class HttpLeaseLength extends LeaseLengthContract {
        @Override
        protected FixtureFactory factory() {
            return http;
        }
    }

    @Nested
    class HttpBulkActions extends BulkActionsContract {
        @Override
        protected FixtureFactory factory() {
            return http;
        }
    }

    @Nested
    class HttpParkingAndExpiry extends ParkingAndExpiryContract {
        @Override
        protected FixtureFactory factory() {
            return http;
        }
    }

    @Nested
    class HttpProcessors extends ProcessorContract {
        @Override
        protected FixtureFactory factory() {
            return http;
        }
    }

    @Nested
    class HttpProfiles extends ProfileContract {
        @Override
        protected FixtureFactory factory() {
            return http;
        }
    }

    @Nested
    class HttpSmartQueue extends SmartQueueContract {
        @Override
        protected FixtureFactory factory() {
            return http;
        }
    }
}
