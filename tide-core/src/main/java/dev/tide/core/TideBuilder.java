package dev.tide.core;

import dev.tide.api.CoalescingCheck;
import dev.tide.api.DeadlineListener;
import dev.tide.api.TaskType;
import dev.tide.core.blob.BlobStore;
import dev.tide.core.blob.FolderBlobStore;
import dev.tide.core.engine.DeadlineSettings;
import dev.tide.core.engine.RaceDraws;
import dev.tide.core.store.JobEndHook;
import dev.tide.core.store.Store;
import dev.tide.core.store.postgresql.PostgresOptions;
import dev.tide.core.store.postgresql.PostgresStore;
import dev.tide.core.store.sqlite.SqliteStore;
import dev.tide.core.time.DatabaseAnchoredClock;
import dev.tide.core.time.HostClock;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.nio.file.Path;
import java.time.Duration;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;
import java.util.random.RandomGenerator;
import javax.sql.DataSource;

/** Configures and opens an engine. */
public final class TideBuilder {
    private Path sqliteFolder;
    private String postgresUrl;
    private DataSource postgresDataSource;
    private PostgresOptions postgresOptions;
    private Function<JobEndHook, Store> storeFactory;
    private InstantSource clock;
    private RaceDraws draws = RaceDraws.threadLocal();
    private TideConfig config = TideConfig.defaults();
    private boolean migrate = true;
    private boolean listIndexes;
    private boolean lockFolder = true;
    private String purpose = "embedded Tide";
    private Duration deadlineMargin = DeadlineSettings.DEFAULT_MARGIN;
    private final List<DeadlineListener> deadlineListeners = new ArrayList<>();
    private MeterRegistry meterRegistry;
    private final Map<String, CoalescingCheck> coalescingChecks = new HashMap<>();
    private BlobStore blobStore;

    /** Embedded storage in {@code folder} (created if missing), locked against other processes. */
    public TideBuilder sqlite(Path folder) {
        this.sqliteFolder = folder;
        this.postgresUrl = null;
        this.postgresDataSource = null;
        this.storeFactory = null;
        return this;
    }

    /**
     * Storage in a PostgreSQL database shared by any number of nodes (its schema is the first of the URL's search
     * path, e.g. {@code ?currentSchema=tide}). Unless a clock is given, time is the database's: a
     * {@link DatabaseAnchoredClock}. The node name defaults to the host name.
     */
    public TideBuilder postgres(String jdbcUrl) {
        return postgres(jdbcUrl, PostgresOptions.defaults());
    }

    public TideBuilder postgres(String jdbcUrl, PostgresOptions options) {
        this.postgresUrl = jdbcUrl;
        this.postgresDataSource = null;
        this.postgresOptions = options;
        this.sqliteFolder = null;
        this.storeFactory = null;
        return this;
    }

    /**
     * Storage in the application's own PostgreSQL database, through its pool: Tide's tables in their own schema
     * ({@value PostgresOptions#DATA_SOURCE_SCHEMA}, created by the first migration), which every statement names, so
     * the pool's connections need no search path of Tide's and Tide never changes theirs. This is what lets
     * {@link Tide#joining} enqueue inside the application's transactions. Tide borrows a connection per transaction
     * (autocommit off and READ COMMITTED for its turn, then back as found) and holds two for its whole life (LISTEN,
     * the maintenance leader's lock): give the pool room for them. Closing Tide leaves the pool open.
     */
    public TideBuilder postgres(DataSource dataSource) {
        return postgres(dataSource, PostgresOptions.defaults());
    }

    /** As {@link #postgres(DataSource)}, with {@code options.schema()} for Tide's tables if set. */
    public TideBuilder postgres(DataSource dataSource, PostgresOptions options) {
        if (dataSource == null) {
            throw new IllegalArgumentException("dataSource is required");
        }
        this.postgresDataSource = dataSource;
        this.postgresUrl = null;
        this.postgresOptions = options;
        this.sqliteFolder = null;
        this.storeFactory = null;
        return this;
    }

    /** A store of your own making (a test's, say). */
    public TideBuilder store(Function<JobEndHook, Store> factory) {
        this.storeFactory = factory;
        this.sqliteFolder = null;
        this.postgresUrl = null;
        this.postgresDataSource = null;
        return this;
    }

    /** The clock for everything time-based; the system clock by default (the database's on PostgreSQL). */
    public TideBuilder clock(InstantSource value) {
        this.clock = value;
        return this;
    }

    /**
     * The random source of roulette queues' draws; each thread's own {@code ThreadLocalRandom} by default. Give a
     * seeded {@link java.util.Random} (which is safe to share between threads) to make draws repeatable.
     */
    public TideBuilder random(RandomGenerator value) {
        this.draws = RaceDraws.from(value);
        return this;
    }

    public TideBuilder config(TideConfig value) {
        this.config = value;
        return this;
    }

    /**
     * Decides, for tasks of {@code taskType} enqueued through this engine (directly, by acknowledgements, or over
     * HTTP to a server on it), what each does to the pending tasks with its coalescing key, in place of the type's
     * {@link TaskType#coalescing()} policy. In-process only: tasks enqueued through another engine on the same
     * database follow the type's policy. See {@link CoalescingCheck}.
     */
    public TideBuilder coalescingCheck(String taskType, CoalescingCheck check) {
        TaskType.requireName("taskType", taskType);
        if (check == null) {
            coalescingChecks.remove(taskType);
        } else {
            coalescingChecks.put(taskType, check);
        }
        return this;
    }

    /**
     * Where payloads above {@link BlobSettings#thresholdBytes()} go: a {@link FolderBlobStore} or an
     * {@link dev.tide.core.blob.S3BlobStore}, which the engine closes with itself. On SQLite the default is a folder
     * {@code blobs} in the data folder; on PostgreSQL there is none unless given (payloads then stay in their rows,
     * within the payload cap). Nodes sharing a database must share one blob store.
     */
    public TideBuilder blobStore(BlobStore value) {
        this.blobStore = value;
        return this;
    }

    /** Whether to apply pending migrations on open (default true). */
    public TideBuilder migrate(boolean value) {
        this.migrate = value;
        return this;
    }

    /**
     * Whether the task list's indexes are kept (default false): one per filter of the list (queue, owner, type and
     * state each with id, received and run times), created at open when missing. With them, every filter of {@code
     * tasks(TaskQuery)}, the dashboard's Tasks page and bulk actions reads an index, whatever the table's size; without
     * them a filtered listing of millions of tasks reads rows until its page is full. They cost every enqueue (and on
     * PostgreSQL every claim and acknowledgement) a write each: docs/performance.md measures it. A queue whose tasks
     * nobody browses by filter does not pay for them. Turning it off later leaves the indexes in place (drop them by
     * hand: {@code tide_tasks_list_*}).
     */
    public TideBuilder listIndexes(boolean value) {
        this.listIndexes = value;
        return this;
    }

    /** What the folder lock tells a second process this one is doing (e.g. "tide server on port 7070"). */
    public TideBuilder purpose(String value) {
        this.purpose = value;
        return this;
    }

    /**
     * How long before a task's or job's deadline the deadline monitor raises its early warning (default
     * {@link DeadlineSettings#DEFAULT_MARGIN}); zero raises only violations. One margin for every task and job:
     * nodes sharing a database should agree on it, since the leader's applies.
     */
    public TideBuilder deadlineMargin(Duration value) {
        if (value == null || value.isNegative()) {
            throw new IllegalArgumentException("deadlineMargin must be zero or positive");
        }
        this.deadlineMargin = value;
        return this;
    }

    /** Called with every deadline warning and violation this engine raises (see {@link DeadlineListener}). */
    public TideBuilder deadlineListener(DeadlineListener listener) {
        this.deadlineListeners.add(Objects.requireNonNull(listener, "listener"));
        return this;
    }

    /**
     * Where the engine counts tasks enqueued, claimed and acknowledged, times enqueues and claims, and counts deadline
     * warnings and violations; a {@link SimpleMeterRegistry} of its own by default.
     */
    public TideBuilder meterRegistry(MeterRegistry value) {
        this.meterRegistry = value;
        return this;
    }

    /** Skip the folder lock: only for tests that open one folder twice in one process on purpose. */
    public TideBuilder lockFolder(boolean value) {
        this.lockFolder = value;
        return this;
    }

    public Tide build() {
        HookRelay relay = new HookRelay();
        if (sqliteFolder != null) {
            Path folder = sqliteFolder;
            DataFolderLock lock = lockFolder ? DataFolderLock.acquire(folder, purpose) : null;
            try {
                Store store = SqliteStore.open(folder, relay);
                BlobStore blobs = blobStore != null ? blobStore : new FolderBlobStore(folder.resolve("blobs"));
                return assembly(clockOrSystem(), null, lock, blobs).open(store, relay);
            } catch (RuntimeException e) {
                Tide.closeQuietly(lock);
                throw e;
            }
        }
        if (postgresUrl != null || postgresDataSource != null) {
            PostgresStore store = postgresUrl != null
                    ? PostgresStore.open(postgresUrl, postgresOptions, relay)
                    : PostgresStore.open(postgresDataSource, postgresOptions, relay);
            DatabaseAnchoredClock anchored = null;
            try {
                if (clock == null) {
                    anchored =
                            new DatabaseAnchoredClock(store::databaseNowMillis, DatabaseAnchoredClock.DEFAULT_REANCHOR);
                }
            } catch (RuntimeException e) {
                store.close();
                throw e;
            }
            return assembly(anchored != null ? anchored : clock, anchored, null, blobStore)
                    .open(store, relay);
        }
        if (storeFactory == null) {
            throw new IllegalStateException("choose a store: sqlite(folder), postgres(url) or store(factory)");
        }
        return assembly(clockOrSystem(), null, null, blobStore).open(storeFactory.apply(relay), relay);
    }

    private TideAssembly assembly(
            InstantSource clock, AutoCloseable ownedClock, AutoCloseable folderLock, BlobStore blobs) {
        return new TideAssembly(
                clock,
                ownedClock,
                config,
                migrate,
                listIndexes,
                folderLock,
                draws,
                deadlineSettings(),
                coalescingChecks,
                blobs);
    }

    private DeadlineSettings deadlineSettings() {
        return new DeadlineSettings(
                deadlineMargin, deadlineListeners, meterRegistry != null ? meterRegistry : new SimpleMeterRegistry());
    }

    private InstantSource clockOrSystem() {
        return clock != null ? clock : HostClock.INSTANCE;
    }
}
