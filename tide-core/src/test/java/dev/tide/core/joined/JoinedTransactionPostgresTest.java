package dev.tide.core.joined;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import dev.tide.api.Ack;
import dev.tide.api.ClaimRequest;
import dev.tide.api.Coalescing;
import dev.tide.api.EnqueueResult;
import dev.tide.api.LeaseLostException;
import dev.tide.api.LeasedTask;
import dev.tide.api.NewJob;
import dev.tide.api.NewTask;
import dev.tide.api.QueueDefinition;
import dev.tide.api.TaskQueue;
import dev.tide.api.TaskState;
import dev.tide.api.TaskType;
import dev.tide.api.worker.WorkerPool;
import dev.tide.core.CommitHooks;
import dev.tide.core.Tide;
import dev.tide.core.TideConfig;
import dev.tide.core.TideInternals;
import dev.tide.core.TransactionJoinException;
import dev.tide.core.blob.FolderBlobStore;
import dev.tide.core.engine.OrphanSweep;
import dev.tide.core.store.postgresql.PostgresOptions;
import dev.tide.core.testing.PostgresSchema;
import dev.tide.core.testing.PostgresTestDatabase;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Enqueueing inside the application's own transaction on real PostgreSQL: Tide over the application's pool (a
 * {@link HikariDataSource} whose search path does not hold Tide's schema), joined calls on the application's
 * connections, commit and rollback as the application decides.
 */
class JoinedTransactionPostgresTest {
    @RegisterExtension
    static final PostgresSchema db = PostgresSchema.perClass("joined");

    @TempDir
    Path blobs;

    private HikariDataSource pool;
    private Tide tide;
    private String appTable;

    @BeforeEach
    void open() throws SQLException {
        HikariConfig config = new HikariConfig();
        config.setJdbcUrl(PostgresTestDatabase.baseUrl()); // no currentSchema: Tide's schema is not on the search path
        config.setMaximumPoolSize(8);
        pool = new HikariDataSource(config);
        tide = Tide.builder()
                .postgres(pool, PostgresOptions.defaults().withSchema(db.schema()))
                .config(TideConfig.defaults()
                        .withMaintenanceInterval(null)
                        .withPollInterval(Duration.ofSeconds(30))
                        .withBlobThreshold(1024))
                .blobStore(new FolderBlobStore(blobs))
                .build();
        appTable = "public.app_orders_" + db.schema();
        try (Connection c = pool.getConnection();
                Statement st = c.createStatement()) {
            st.execute("DROP TABLE IF EXISTS " + appTable);
            st.execute("CREATE TABLE " + appTable + " (id bigint PRIMARY KEY, task_id bigint)");
        }
    }

    @AfterEach
    void close() throws SQLException {
        tide.close();
        try (Connection c = pool.getConnection();
                Statement st = c.createStatement()) {
            st.execute("DROP TABLE IF EXISTS " + appTable);
        }
        pool.close();
    }

    /** Commit hooks a test drives: what Tide hands over runs when the test says the transaction committed. */
    private static final class TestHooks implements CommitHooks {
        final List<Runnable> pending = new ArrayList<>();

        @Override
        public void afterCommit(Runnable action) {
            pending.add(action);
        }

        void committed() {
            pending.forEach(Runnable::run);
            pending.clear();
        }
    }

    private Connection begin() throws SQLException {
        Connection c = pool.getConnection();
        c.setAutoCommit(false);
        return c;
    }

    private void insertOrder(Connection c, long id, Long taskId) throws SQLException {
        try (var ps = c.prepareStatement("INSERT INTO " + appTable + " (id, task_id) VALUES (?, ?)")) {
            ps.setLong(1, id);
            ps.setObject(2, taskId);
            ps.executeUpdate();
        }
    }

    private long count(String sql) throws SQLException {
        try (Connection c = pool.getConnection();
                Statement st = c.createStatement();
                ResultSet rs = st.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }

    private String tideTable(String name) {
        return "\"" + db.schema() + "\"." + name;
    }

    private double enqueuedMeter() {
        return tide.meterRegistry().find("tide.tasks.enqueued").counters().stream()
                .mapToDouble(c -> c.count())
                .sum();
    }

    @Test
    void aCommitMakesTheTaskClaimableWithTheApplicationsRow() throws SQLException {
        TestHooks hooks = new TestHooks();
        try (Connection c = begin()) {
            TaskQueue joined = tide.joining(c, hooks);
            EnqueueResult r = joined.enqueue(NewTask.of("mail", Map.of("to", "ada")));
            insertOrder(c, 1, r.task().id());
            // The joined view reads its own transaction's rows; no one else sees them yet.
            assertThat(joined.task(r.task().id()).state()).isEqualTo(TaskState.READY);
            assertThat(tide.claim(ClaimRequest.of("default", "w", 10))).isEmpty();
            c.commit();
            hooks.committed();
        }
        List<LeasedTask> claimed = tide.claim(ClaimRequest.of("default", "w", 10));
        assertThat(claimed).hasSize(1);
        assertThat(count("SELECT count(*) FROM " + appTable + " WHERE task_id = "
                        + claimed.get(0).task().id()))
                .isEqualTo(1);
        assertThat(enqueuedMeter()).isEqualTo(1.0);
    }

    @Test
    void aRollbackLeavesNothingBehind() throws Exception {
        tide.defineTaskType(new TaskType("sync", null, null, null, null, null, Coalescing.MERGE));
        EnqueueResult existing = tide.enqueue(NewTask.builder("sync")
                .payload(Map.of("v", 1))
                .coalescingKey("k")
                .build());
        double metered = enqueuedMeter();
        long wakeUps = TideInternals.wakeUps(tide, "default");
        long stats = count("SELECT count(*) FROM " + tideTable("tide_stats"));
        String big = "x".repeat(4096);
        TestHooks hooks = new TestHooks();
        try (Connection c = begin()) {
            TaskQueue joined = tide.joining(c, hooks);
            EnqueueResult merged = joined.enqueue(NewTask.builder("sync")
                    .payload(Map.of("v", 2))
                    .coalescingKey("k")
                    .build());
            assertThat(merged.created()).isFalse(); // coalesced into the pending task, inside the transaction
            joined.enqueue(NewTask.of("mail", Map.of("body", big))); // its payload goes to the blob store
            joined.createJob(
                    NewJob.builder("import").task(NewTask.of("mail", Map.of())).build());
            insertOrder(c, 1, null);
            c.rollback();
        }
        hooks.pending.clear(); // rolled back: the hooks' owner drops what was handed over
        assertThat(count("SELECT count(*) FROM " + tideTable("tide_tasks"))).isEqualTo(1);
        assertThat(count("SELECT count(*) FROM " + tideTable("tide_jobs"))).isZero();
        assertThat(count("SELECT count(*) FROM " + tideTable("tide_stats"))).isEqualTo(stats);
        assertThat(count("SELECT count(*) FROM " + appTable)).isZero();
        assertThat(tide.task(existing.task().id()).payload()).isEqualTo("{\"v\":1}");
        assertThat(TideInternals.wakeUps(tide, "default")).isEqualTo(wakeUps);
        assertThat(enqueuedMeter()).isEqualTo(metered);
        // The blob written before the rollback belongs to no task: the orphan sweep deletes it after its grace.
        FolderBlobStore store = (FolderBlobStore) tide.blobStore().orElseThrow();
        assertThat(store.list(null, 100)).hasSize(1);
        var settings = tide.config().blobs();
        int swept = new OrphanSweep(store, TideInternals.store(tide).blobs(), settings)
                .run(Instant.now().plus(settings.orphanGrace()).plusSeconds(60));
        assertThat(swept).isEqualTo(1);
        assertThat(store.list(null, 100)).isEmpty();
    }

    @Test
    void aWaitingClaimWakesAtTheCommitNotBefore() throws Exception {
        // No commit hooks: the wake-up is PostgreSQL's NOTIFY, sent inside the transaction and delivered at its commit.
        CompletableFuture<List<LeasedTask>> waiting = CompletableFuture.supplyAsync(
                () -> tide.claim(ClaimRequest.of("default", "w", 1).withWait(Duration.ofSeconds(20))));
        Thread.sleep(300); // the claim is waiting
        try (Connection c = begin()) {
            tide.joining(c).enqueue(NewTask.of("mail", Map.of()));
            Thread.sleep(200); // a wake-up sent now would have returned the claim by then
            assertThat(waiting).isNotDone();
            long committed = System.nanoTime();
            c.commit();
            assertThat(waiting.get(5, TimeUnit.SECONDS)).hasSize(1);
            assertThat(Duration.ofNanos(System.nanoTime() - committed)).isLessThan(Duration.ofSeconds(5));
        }
    }

    @Test
    void boundsAndDependenciesAreEvaluatedInsideTheTransaction() throws SQLException {
        tide.queues().define(QueueDefinition.named("small").withPendingBounds(1, null, null));
        try (Connection c = begin()) {
            TaskQueue joined = tide.joining(c);
            long first = joined.enqueue(NewTask.builder("mail").queue("small").build())
                    .task()
                    .id();
            // The bound counts the transaction's own pending task; the refused enqueue leaves the transaction usable.
            assertThatThrownBy(() -> joined.enqueue(
                            NewTask.builder("mail").queue("small").build()))
                    .hasMessageContaining("small");
            // A dependency on a task of the same transaction: found, and the dependent waits for it.
            long second = joined.enqueue(
                            NewTask.builder("mail").dependsOn(first).build())
                    .task()
                    .id();
            assertThat(joined.task(second).state()).isEqualTo(TaskState.BLOCKED);
            c.rollback();
        }
        // Rolled back, the bound has room again.
        tide.enqueue(NewTask.builder("mail").queue("small").build());
        assertThat(count("SELECT count(*) FROM " + tideTable("tide_tasks"))).isEqualTo(1);
    }

    @Test
    void anAutocommitConnectionIsRefused() throws SQLException {
        try (Connection c = pool.getConnection()) {
            c.setAutoCommit(true);
            assertThatThrownBy(() -> tide.joining(c))
                    .isInstanceOf(TransactionJoinException.class)
                    .hasMessageContaining("no open transaction");
        }
    }

    @Test
    void aConnectionToAnotherDatabaseIsRefusedAndWritesNothing() throws SQLException {
        String base = PostgresTestDatabase.baseUrl();
        String other = base.replaceFirst("/([^/?]+)(\\?|$)", "/$1_other$2");
        try (Connection admin = DriverManager.getConnection(base);
                Statement st = admin.createStatement()) {
            String name = other.replaceFirst(".*/([^/?]+).*", "$1");
            try (ResultSet rs = st.executeQuery("SELECT 1 FROM pg_database WHERE datname = '" + name + "'")) {
                if (!rs.next()) {
                    st.execute("CREATE DATABASE " + name);
                }
            }
        }
        try (Connection c = DriverManager.getConnection(other)) {
            c.setAutoCommit(false);
            assertThatThrownBy(() -> tide.joining(c))
                    .isInstanceOf(TransactionJoinException.class)
                    .hasMessageContaining("is not on Tide's store");
            c.rollback();
        }
    }

    @Test
    void joinedCallsLeaveTheApplicationsConnectionAsItWas() throws SQLException {
        try (Connection c = begin()) {
            c.setTransactionIsolation(Connection.TRANSACTION_REPEATABLE_READ);
            String searchPath = show(c, "search_path");
            String isolation = show(c, "transaction_isolation");
            TaskQueue joined = tide.joining(c);
            long id = joined.enqueue(NewTask.of("mail", Map.of())).task().id();
            joined.task(id);
            joined.cancel(id, "changed my mind");
            assertThat(show(c, "search_path")).isEqualTo(searchPath);
            assertThat(show(c, "transaction_isolation")).isEqualTo(isolation);
            assertThat(c.getAutoCommit()).isFalse();
            c.commit();
            assertThat(tide.task(id).state()).isEqualTo(TaskState.FINISHED);
        }
    }

    @Test
    void aFailingJoinedCallTakesBackOnlyItselfAndTheTransactionGoesOn() throws SQLException {
        try (Connection c = begin()) {
            TaskQueue joined = tide.joining(c);
            insertOrder(c, 1, null);
            assertThatThrownBy(() -> joined.enqueue(
                            NewTask.builder("mail").dependsOn(987654).build()))
                    .hasMessageContaining("987654");
            joined.enqueue(NewTask.of("mail", Map.of()));
            c.commit();
        }
        assertThat(count("SELECT count(*) FROM " + appTable)).isEqualTo(1);
        assertThat(count("SELECT count(*) FROM " + tideTable("tide_tasks"))).isEqualTo(1);
    }

    @Test
    void aHandlersWritesAndItsAckCommitOrRollBackTogether() throws SQLException {
        tide.enqueue(NewTask.of("mail", Map.of()));
        LeasedTask leased = tide.claim(ClaimRequest.of("default", "w", 1)).get(0);
        try (Connection c = begin()) {
            insertOrder(c, 7, leased.task().id());
            tide.joining(c).ack(Ack.succeed(leased.lease()));
            c.rollback();
        }
        assertThat(tide.task(leased.task().id()).state()).isEqualTo(TaskState.LEASED);
        assertThat(count("SELECT count(*) FROM " + appTable)).isZero();
        try (Connection c = begin()) {
            insertOrder(c, 7, leased.task().id());
            tide.joining(c).ack(Ack.succeed(leased.lease()));
            c.commit();
        }
        assertThat(tide.task(leased.task().id()).state()).isEqualTo(TaskState.FINISHED);
        assertThat(count("SELECT count(*) FROM " + appTable)).isEqualTo(1);
        try (Connection c = begin()) {
            assertThatThrownBy(() -> tide.joining(c).ack(Ack.succeed(leased.lease())))
                    .isInstanceOf(LeaseLostException.class);
            c.rollback();
        }
    }

    @Test
    void aPoolHandlersWritesAndItsAckShareItsTransaction() throws Exception {
        long kept = tide.enqueue(NewTask.of("ship", Map.of("order", 1, "commit", true)))
                .task()
                .id();
        long undone = tide.enqueue(NewTask.of("ship", Map.of("order", 2, "commit", false)))
                .task()
                .id();
        CountDownLatch handled = new CountDownLatch(2);
        WorkerPool workers = tide.workerPool()
                .handler("ship", ctx -> {
                    Map<?, ?> order = ctx.payload(Map.class);
                    try (Connection c = begin()) {
                        insertOrder(
                                c,
                                ((Number) order.get("order")).longValue(),
                                ctx.task().id());
                        ctx.acknowledgeThrough(tide.joining(c));
                        if (Boolean.TRUE.equals(order.get("commit"))) {
                            c.commit();
                        } else {
                            c.rollback();
                        }
                    } finally {
                        handled.countDown();
                    }
                })
                .leaseDuration(Duration.ofMinutes(5))
                .start();
        try {
            assertThat(handled.await(20, TimeUnit.SECONDS)).isTrue();
            long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (workers.inFlightCount() > 0 && System.nanoTime() < until) {
                Thread.sleep(10);
            }
        } finally {
            workers.close();
        }
        assertThat(tide.task(kept).state()).isEqualTo(TaskState.FINISHED);
        assertThat(count("SELECT count(*) FROM " + appTable + " WHERE task_id = " + kept))
                .isEqualTo(1);
        // Rolled back: the task is still leased (retried when the lease expires), and the application wrote nothing.
        assertThat(tide.task(undone).state()).isEqualTo(TaskState.LEASED);
        assertThat(count("SELECT count(*) FROM " + appTable + " WHERE task_id = " + undone))
                .isZero();
    }

    @Test
    void tideTransactionCommitsTheApplicationsWorkWithTheTask() throws SQLException {
        long id = tide.transaction((c, queue) -> {
            long task = queue.enqueue(NewTask.of("mail", Map.of())).task().id();
            insertOrder(c, 3, task);
            return task;
        });
        assertThat(tide.task(id).state()).isEqualTo(TaskState.READY);
        assertThat(count("SELECT count(*) FROM " + appTable)).isEqualTo(1);
        assertThatThrownBy(() -> tide.transaction((c, queue) -> {
                    queue.enqueue(NewTask.of("mail", Map.of()));
                    insertOrder(c, 4, null);
                    throw new IllegalStateException("the application changed its mind");
                }))
                .hasMessageContaining("changed its mind");
        assertThat(count("SELECT count(*) FROM " + appTable)).isEqualTo(1);
        assertThat(count("SELECT count(*) FROM " + tideTable("tide_tasks"))).isEqualTo(1);
    }

    @Test
    void maintenanceAndWakeUpsBetweenNodesWorkOverTheApplicationsPool() throws Exception {
        try (Tide other = Tide.builder()
                .postgres(pool, PostgresOptions.defaults().withSchema(db.schema()))
                .config(TideConfig.defaults().withMaintenanceInterval(null).withPollInterval(Duration.ofSeconds(30)))
                .build()) {
            CompletableFuture<List<LeasedTask>> waiting = CompletableFuture.supplyAsync(
                    () -> other.claim(ClaimRequest.of("default", "w", 1).withWait(Duration.ofSeconds(20))));
            Thread.sleep(300);
            tide.enqueue(NewTask.of("mail", Map.of()));
            assertThat(waiting.get(5, TimeUnit.SECONDS)).hasSize(1);
            assertThat(tide.passes().runMaintenance() || other.passes().runMaintenance())
                    .isTrue();
        }
    }

    private static String show(Connection c, String setting) throws SQLException {
        try (Statement st = c.createStatement();
                ResultSet rs = st.executeQuery("SHOW " + setting)) {
            rs.next();
            return rs.getString(1);
        }
    }
}
