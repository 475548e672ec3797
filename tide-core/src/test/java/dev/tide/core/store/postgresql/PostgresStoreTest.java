package dev.tide.core.store.postgresql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tide.api.ConflictException;
import dev.tide.api.NewTask;
import dev.tide.api.TaskQuery;
import dev.tide.core.Tide;
import dev.tide.core.TideConfig;
import dev.tide.core.TideInternals;
import dev.tide.core.store.JobEndHook;
import dev.tide.core.store.StoreException;
import dev.tide.core.store.jdbc.Migrator;
import dev.tide.core.testing.PostgresTestDatabase;
import dev.tide.core.time.ManualClock;
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
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.postgresql.PGConnection;
import org.postgresql.PGNotification;

/** The store's own duties on PostgreSQL: migrating once, transactions, errors, notifications. */
class PostgresStoreTest {
    private PostgresTestDatabase db;

    @BeforeEach
    void createSchema() {
        db = PostgresTestDatabase.create("pg_store");
    }

    @AfterEach
    void dropSchema() {
        db.close();
    }

    @Test
    void nodesMigratingTogetherMigrateOnce() throws Exception {
        int nodes = 4;
        List<PostgresStore> stores = new ArrayList<>();
        ExecutorService pool = Executors.newFixedThreadPool(nodes);
        try {
            List<Callable<Integer>> migrations = new ArrayList<>();
            for (int i = 0; i < nodes; i++) {
                PostgresStore store = PostgresStore.open(db.url(), JobEndHook.NONE);
                stores.add(store);
                migrations.add(store::schemaMigrate);
            }
            int latest = new Migrator(new PostgresDialect()).scripts().size();
            for (Future<Integer> version : pool.invokeAll(migrations)) {
                assertThat(version.get()).isEqualTo(latest);
            }
            assertThat(stores.get(0).schemaVersion()).isEqualTo(latest);
            assertThat(queryLong("SELECT COUNT(*) FROM tide_schema_version")).isEqualTo(latest);
        } finally {
            pool.shutdownNow();
            stores.forEach(PostgresStore::close);
        }
    }

    @Test
    void aRefusedBatchWritesNothing() {
        try (Tide tide = engine()) {
            tide.enqueue(NewTask.builder("t").payload(1).idempotencyKey("k").build());
            List<NewTask> batch = List.of(
                    NewTask.of("t", 2),
                    NewTask.of("t", 3),
                    NewTask.builder("t").payload(99).idempotencyKey("k").build());
            assertThatThrownBy(() -> tide.enqueueAll(batch)).isInstanceOf(ConflictException.class);
            assertThat(tide.tasks(TaskQuery.all()).items()).hasSize(1);
        }
    }

    @Test
    void aDeadlockVictimIsRunAgain() throws Exception {
        try (PostgresStore store = PostgresStore.open(db.url(), JobEndHook.NONE)) {
            execute("CREATE TABLE pair (id INT PRIMARY KEY, n INT NOT NULL)");
            execute("INSERT INTO pair VALUES (1, 0), (2, 0)");
            CountDownLatch bothHoldTheirFirstRow = new CountDownLatch(2);
            AtomicInteger runs = new AtomicInteger();
            Callable<Integer> oneThenTwo = () -> crossUpdate(store, 1, 2, bothHoldTheirFirstRow, runs);
            Callable<Integer> twoThenOne = () -> crossUpdate(store, 2, 1, bothHoldTheirFirstRow, runs);
            ExecutorService pool = Executors.newFixedThreadPool(2);
            try {
                for (Future<Integer> done : pool.invokeAll(List.of(oneThenTwo, twoThenOne))) {
                    assertThat(done.get()).isEqualTo(1);
                }
            } finally {
                pool.shutdownNow();
            }
            // At least once more: under load the victim's rerun can take the row the survivor was waking up to
            // take, and deadlock with it again (PostgreSQL then aborts one of them once more, which runs again too).
            assertThat(runs.get()).as("the victim ran again").isGreaterThanOrEqualTo(3);
            assertThat(queryLong("SELECT SUM(n) FROM pair"))
                    .as("each write applied once")
                    .isEqualTo(4);
        }
    }

    /** Updates row {@code first}, waits until the other writer holds its own first row, then updates {@code second}. */
    private static int crossUpdate(
            PostgresStore store, int first, int second, CountDownLatch bothHold, AtomicInteger runs) {
        return store.write(tx -> {
            runs.incrementAndGet();
            try (Statement st = tx.connection().createStatement()) {
                st.executeUpdate("UPDATE pair SET n = n + 1 WHERE id = " + first);
                bothHold.countDown();
                try {
                    bothHold.await();
                } catch (InterruptedException e) {
                    throw new IllegalStateException(e);
                }
                return st.executeUpdate("UPDATE pair SET n = n + 1 WHERE id = " + second);
            }
        });
    }

    @Test
    void databaseFailuresBecomeStoreExceptions() throws SQLException {
        try (Tide tide = engine()) {
            execute("ALTER TABLE tide_tasks RENAME TO tide_tasks_gone");
            assertThatThrownBy(() -> tide.task(1))
                    .isInstanceOf(StoreException.class)
                    .hasMessageContaining("tide_tasks");
            assertThatThrownBy(() -> tide.enqueue(NewTask.of("t", 1))).isInstanceOf(StoreException.class);
            execute("ALTER TABLE tide_tasks_gone RENAME TO tide_tasks");
            assertThat(tide.enqueue(NewTask.of("t", 1)).created()).isTrue();
        }
    }

    @Test
    void anUnreachableDatabaseIsAStoreExceptionWithoutCredentials() {
        String url = "jdbc:postgresql://127.0.0.1:1/nowhere?user=someone&password=secret";
        PostgresOptions quick = PostgresOptions.defaults().withConnectTimeout(Duration.ofMillis(500));
        assertThatThrownBy(() -> PostgresStore.open(url, quick, JobEndHook.NONE))
                .isInstanceOf(StoreException.class)
                .hasMessageContaining("127.0.0.1:1/nowhere")
                .hasMessageNotContaining("secret");
    }

    @Test
    void urlsLoseTheirCredentials() {
        assertThat(PostgresConnections.withoutCredentials(
                        "jdbc:postgresql://db:5432/tide?user=tide&password=s3cret&currentSchema=q"))
                .isEqualTo("jdbc:postgresql://db:5432/tide?currentSchema=q");
        assertThat(PostgresConnections.withoutCredentials("jdbc:postgresql://db/tide?ssl=true&password=x"))
                .isEqualTo("jdbc:postgresql://db/tide?ssl=true");
        assertThat(PostgresConnections.withoutCredentials("jdbc:postgresql://u:p@db/tide?user=u&PASSWORD=p"))
                .isEqualTo("jdbc:postgresql://db/tide");
        assertThat(PostgresConnections.withoutCredentials("jdbc:postgresql://db/tide"))
                .isEqualTo("jdbc:postgresql://db/tide");
    }

    @Test
    void readyMessagesNameOriginQueueAndSchema() {
        ReadyMessage m = new ReadyMessage("a1b2", "mail:out-1", "tide/prod");
        assertThat(ReadyMessage.decode(m.encode())).isEqualTo(m);
        assertThat(ReadyMessage.decode("nonsense")).isNull();
        assertThat(ReadyMessage.decode("/q/s")).isNull();
        assertThat(ReadyMessage.decode("o//s")).isNull();
        assertThat(ReadyMessage.decode(null)).isNull();
    }

    @Test
    void aBurstOfPublishesCostsOneNotificationPerQueue() throws Exception {
        PostgresOptions slowDebounce = PostgresOptions.defaults().withReadyDebounce(Duration.ofMillis(200));
        try (PostgresStore store = PostgresStore.open(db.url(), slowDebounce, JobEndHook.NONE);
                Connection listener = DriverManager.getConnection(db.url())) {
            try (Statement st = listener.createStatement()) {
                st.execute("LISTEN " + ReadyListener.CHANNEL);
            }
            for (int i = 0; i < 500; i++) {
                store.readyPublish(Set.of("a"));
                store.readyPublish(Set.of("a", "b"));
            }
            List<String> payloads = new ArrayList<>();
            long until = System.nanoTime() + Duration.ofSeconds(2).toNanos();
            while (System.nanoTime() < until) {
                PGNotification[] got = listener.unwrap(PGConnection.class).getNotifications(100);
                for (PGNotification n : got == null ? new PGNotification[0] : got) {
                    payloads.add(n.getParameter());
                }
            }
            // the channel is shared by every schema on the server: other suites running at once publish on it too
            List<ReadyMessage> ours = payloads.stream()
                    .map(ReadyMessage::decode)
                    .filter(m -> m != null && m.schema().equals(store.schema()))
                    .toList();
            assertThat(ours).extracting(ReadyMessage::queue).containsExactlyInAnyOrder("a", "b");
        }
    }

    @Test
    void explainBindsTheGivenValues() {
        try (Tide tide = engine()) {
            PostgresStore store = (PostgresStore) TideInternals.store(tide);
            List<String> plan = store.explain("task_get", Map.of("id", 1L));
            assertThat(String.join("\n", plan)).contains("tide_tasks_pkey").contains("id = '1'::bigint");
        }
    }

    private Tide engine() {
        return Tide.builder()
                .postgres(db.url())
                .clock(new ManualClock(Instant.parse("2030-01-01T00:00:00Z")))
                .config(TideConfig.defaults().withMaintenanceInterval(null))
                .build();
    }

    private long queryLong(String sql) throws SQLException {
        try (Connection c = DriverManager.getConnection(db.url());
                Statement st = c.createStatement();
                ResultSet rs = st.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }

    private void execute(String sql) throws SQLException {
        try (Connection c = DriverManager.getConnection(db.url());
                Statement st = c.createStatement()) {
            st.execute(sql);
        }
    }
}
