package dev.tide.bench;

import static org.jobrunr.server.BackgroundJobServerConfiguration.usingStandardBackgroundJobServerConfiguration;

import java.time.Duration;
import java.util.stream.IntStream;
import javax.sql.DataSource;
import org.jobrunr.jobs.mappers.JobMapper;
import org.jobrunr.jobs.states.StateName;
import org.jobrunr.scheduling.JobScheduler;
import org.jobrunr.server.BackgroundJobServer;
import org.jobrunr.server.JobActivator;
import org.jobrunr.storage.StorageProvider;
import org.jobrunr.storage.sql.postgres.PostgresStorageProvider;
import org.jobrunr.storage.sql.sqlite.SqLiteStorageProvider;
import org.jobrunr.utils.mapper.jackson.JacksonJsonMapper;

/**
 * JobRunr (jobrunr.io, the open-source edition) as a queue: jobs enqueued with its stream API, which saves them in
 * batches of 5,000, and run by one background job server with its SQL storage provider for the database. The poll
 * interval is 5 s, the smallest its documentation has long allowed (the server fetches again at once while it finds
 * full batches, so the interval only bounds the pauses). A job is done when JobRunr has recorded it SUCCEEDED.
 */
final class JobRunrQueue implements QueueUnderTest {
    static final int WORKERS = 32;

    private final BenchDatabase.StoreKind kind;
    private final StorageProvider storage;
    private final JacksonJsonMapper json = new JacksonJsonMapper();
    private final NoopJob job = new NoopJob();

    JobRunrQueue(BenchDatabase database) {
        this.kind = database.kind();
        DataSource dataSource = database.dataSource(poolSize(database.kind()));
        this.storage = database.kind() == BenchDatabase.StoreKind.SQLITE
                ? new SqLiteStorageProvider(dataSource)
                : new PostgresStorageProvider(dataSource);
        storage.setJobMapper(new JobMapper(json));
    }

    /**
     * On SQLite, one connection. With several, JobRunr ran jobs twice on this benchmark (27,000 to 46,000 duplicate
     * runs per 100,000 jobs with 4 to 36 pooled connections, its log full of ConcurrentJobModificationExceptions);
     * with one it runs each job once, and that correct configuration is the one measured.
     */
    private static int poolSize(BenchDatabase.StoreKind kind) {
        return kind == BenchDatabase.StoreKind.SQLITE ? 1 : WORKERS + 4;
    }

    @Override
    public String system() {
        return "jobrunr";
    }

    @Override
    public String settings() {
        int pool = poolSize(kind);
        return "JobScheduler.enqueue(Stream) (batches of 5,000); workers " + WORKERS + ", poll interval 5 s, "
                + (pool == 1 ? "one connection" : pool + " pooled connections");
    }

    @Override
    public void enqueue(int count) {
        NoopJob target = job;
        new JobScheduler(storage).enqueue(IntStream.range(0, count).boxed(), n -> target.run(n));
    }

    @Override
    public void drain(int count, Ledger ledger) throws InterruptedException {
        job.ledger = ledger;
        JobActivator activator = new JobActivator() {
            @Override
            public <T> T activateJob(Class<T> type) {
                return type.cast(job);
            }
        };
        BackgroundJobServer server = new BackgroundJobServer(
                storage,
                json,
                activator,
                usingStandardBackgroundJobServerConfiguration()
                        .andWorkerCount(WORKERS)
                        .andPollInterval(Duration.ofSeconds(5)));
        server.start();
        try {
            ledger.awaitAll(Waiting.LIMIT);
            Waiting.until(
                    () -> storage.countJobs(StateName.SUCCEEDED) >= count, "jobrunr: every job recorded SUCCEEDED");
        } finally {
            server.stop();
        }
    }

    @Override
    public void close() {
        storage.close();
    }

    /** The job JobRunr runs: records its number. Public, because JobRunr calls it by reflection. */
    public static final class NoopJob {
        volatile Ledger ledger;

        public void run(Integer n) {
            ledger.record(n);
        }
    }
}
