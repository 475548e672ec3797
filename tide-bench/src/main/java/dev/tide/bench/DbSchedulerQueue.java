package dev.tide.bench;

import com.github.kagkarlsson.scheduler.Scheduler;
import com.github.kagkarlsson.scheduler.SchedulerBuilder;
import com.github.kagkarlsson.scheduler.SchedulerClient;
import com.github.kagkarlsson.scheduler.task.TaskInstance;
import com.github.kagkarlsson.scheduler.task.helper.OneTimeTask;
import com.github.kagkarlsson.scheduler.task.helper.Tasks;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import javax.sql.DataSource;

/**
 * db-scheduler (github.com/kagkarlsson/db-scheduler) as a queue: one-time tasks scheduled for now with
 * {@code scheduleBatch}, executed by one scheduler. Settings follow its README for high throughput: on PostgreSQL the
 * {@code lock-and-fetch} polling strategy ({@code SELECT ... FOR UPDATE SKIP LOCKED}, which its README recommends above
 * 1,000 executions/s); on SQLite, which has no {@code SKIP LOCKED}, the default {@code fetch-and-lock-on-execute}. A
 * task is done when db-scheduler has deleted its row.
 */
final class DbSchedulerQueue implements QueueUnderTest {
    static final int THREADS = 16;
    private static final int ENQUEUE_BATCH = 1000;

    private final BenchDatabase database;
    private final DataSource dataSource;
    private volatile Ledger ledger;
    private final OneTimeTask<Void> task =
            Tasks.oneTime("noop").execute((instance, context) -> ledger.record(Integer.parseInt(instance.getId())));

    DbSchedulerQueue(BenchDatabase database) throws Exception {
        this.database = database;
        this.dataSource = database.dataSource(THREADS + 4);
        SqlScripts.run(
                dataSource, "/dev/tide/bench/db-scheduler/" + database.kind().label() + ".sql");
    }

    @Override
    public String system() {
        return "db-scheduler";
    }

    @Override
    public String settings() {
        return "scheduleBatch of " + ENQUEUE_BATCH + "; threads " + THREADS + ", "
                + (lockAndFetch() ? "pollUsingLockAndFetch(0.5, 4.0)" : "pollUsingFetchAndLockOnExecute(0.5, 3.0)")
                + ", pollingInterval 1 s";
    }

    private boolean lockAndFetch() {
        return database.kind() == BenchDatabase.StoreKind.POSTGRESQL;
    }

    @Override
    public void enqueue(int count) {
        SchedulerClient client =
                SchedulerClient.Builder.create(dataSource, task).build();
        Instant now = Instant.now();
        for (int from = 0; from < count; from += ENQUEUE_BATCH) {
            List<TaskInstance<?>> batch = new ArrayList<>(ENQUEUE_BATCH);
            for (int n = from; n < Math.min(count, from + ENQUEUE_BATCH); n++) {
                batch.add(task.instance(Integer.toString(n)));
            }
            client.scheduleBatch(batch, now);
        }
    }

    @Override
    public void drain(int count, Ledger ledger) throws InterruptedException {
        this.ledger = ledger;
        SchedulerBuilder configured =
                Scheduler.create(dataSource, task).threads(THREADS).pollingInterval(Duration.ofSeconds(1));
        // db-scheduler deprecates fetch-and-lock-on-execute polling but still ships it, and the bench measures both
        @SuppressWarnings("deprecation")
        SchedulerBuilder builder = lockAndFetch()
                ? configured.pollUsingLockAndFetch(0.5, 4.0)
                : configured.pollUsingFetchAndLockOnExecute(0.5, 3.0);
        Scheduler scheduler = builder.build();
        scheduler.start();
        try {
            ledger.awaitAll(Waiting.LIMIT);
            Waiting.until(
                    () -> SqlScripts.number(dataSource, "SELECT COUNT(*) FROM scheduled_tasks") == 0,
                    "db-scheduler: every execution removed");
        } finally {
            scheduler.stop();
        }
    }

    @Override
    public void close() {}
}
