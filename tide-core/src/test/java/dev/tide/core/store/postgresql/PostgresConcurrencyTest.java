package dev.tide.core.store.postgresql;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tide.api.Ack;
import dev.tide.api.AckResult;
import dev.tide.api.ClaimRequest;
import dev.tide.api.LeasedTask;
import dev.tide.api.NewTask;
import dev.tide.api.Outcome;
import dev.tide.api.TaskState;
import dev.tide.core.Tide;
import dev.tide.core.TideConfig;
import dev.tide.core.TideInternals;
import dev.tide.core.testing.PostgresTestDatabase;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * Several engines (each with its own connection pool, as separate nodes have) and several threads per engine drain
 * one queue of 12,000 tasks. Each execution is written to a ledger table of the test's own whose primary key is the
 * task id, in its own transaction before the acknowledgement: a task executed twice would fail that insert. At the
 * end every task has exactly one ledger row and has succeeded, and no task was ever handed to two holders.
 */
class PostgresConcurrencyTest {
    private static final int TASKS = 12_000;
    private static final int ENGINES = 3;
    private static final int THREADS_PER_ENGINE = 2;

    @Test
    void everyTaskRunsExactlyOnceAcrossEngines() throws Exception {
        try (PostgresTestDatabase db = PostgresTestDatabase.create("pg_concurrency")) {
            List<Tide> engines = new ArrayList<>();
            ExecutorService pool = Executors.newFixedThreadPool(ENGINES * THREADS_PER_ENGINE);
            try {
                for (int i = 0; i < ENGINES; i++) {
                    engines.add(Tide.builder()
                            .postgres(db.url(), PostgresOptions.defaults().withPoolSize(THREADS_PER_ENGINE + 1))
                            .config(TideConfig.defaults()
                                    .withMaintenanceInterval(null)
                                    .withNodeName("node" + i))
                            .build());
                }
                execute(db, "CREATE TABLE ledger (task_id BIGINT PRIMARY KEY, worker TEXT NOT NULL)");
                List<Long> ids = enqueue(engines.get(0));

                Map<Long, String> holders = new ConcurrentHashMap<>();
                AtomicInteger doubleHolders = new AtomicInteger();
                List<Future<Integer>> workers = new ArrayList<>();
                for (int e = 0; e < ENGINES; e++) {
                    for (int t = 0; t < THREADS_PER_ENGINE; t++) {
                        Tide engine = engines.get(e);
                        String worker = "node" + e + "/w" + t;
                        workers.add(pool.submit(() -> drain(db, engine, worker, holders, doubleHolders)));
                    }
                }
                int executed = 0;
                for (Future<Integer> w : workers) {
                    executed += w.get();
                }

                assertThat(doubleHolders).hasValue(0);
                assertThat(executed).isEqualTo(TASKS);
                assertThat(holders).hasSize(TASKS);
                assertThat(queryLong(db, "SELECT COUNT(*) FROM ledger")).isEqualTo(TASKS);
                assertThat(queryLong(db, "SELECT COUNT(DISTINCT worker) FROM ledger"))
                        .as("every worker took a share")
                        .isEqualTo(ENGINES * THREADS_PER_ENGINE);
                assertThat(queryLong(
                                db,
                                "SELECT COUNT(*) FROM tide_tasks t JOIN ledger l ON l.task_id = t.id"
                                        + " WHERE t.state = 'finished' AND t.outcome = 'succeeded' AND t.attempts = 1"))
                        .isEqualTo(TASKS);
                assertThat(TideInternals.store(engines.get(0)).taskCount("default", TaskState.READY))
                        .hasValue(0);
                assertThat(holders.keySet()).containsExactlyInAnyOrderElementsOf(ids);
            } finally {
                pool.shutdownNow();
                engines.forEach(Tide::close);
            }
        }
    }

    private static List<Long> enqueue(Tide tide) {
        List<Long> ids = new ArrayList<>(TASKS);
        for (int i = 0; i < TASKS; i += 1000) {
            List<NewTask> batch = new ArrayList<>();
            for (int j = i; j < i + 1000; j++) {
                batch.add(NewTask.of("work", Map.of("n", j)));
            }
            tide.enqueueAll(batch).forEach(r -> ids.add(r.id()));
        }
        return ids;
    }

    /** Claims and runs tasks until the queue is empty; returns how many this worker ran. */
    private static int drain(
            PostgresTestDatabase db, Tide engine, String worker, Map<Long, String> holders, AtomicInteger doubles)
            throws SQLException {
        int ran = 0;
        try (Connection ledger = DriverManager.getConnection(db.url());
                PreparedStatement record =
                        ledger.prepareStatement("INSERT INTO ledger (task_id, worker) VALUES (?, ?)")) {
            while (true) {
                int limit = ThreadLocalRandom.current().nextInt(1, 40);
                List<LeasedTask> got =
                        engine.claim(ClaimRequest.of("default", worker, limit).withLease(Duration.ofMinutes(10)));
                if (got.isEmpty()) {
                    return ran;
                }
                for (LeasedTask task : got) {
                    if (holders.putIfAbsent(task.id(), worker) != null) {
                        doubles.incrementAndGet();
                    }
                    record.setLong(1, task.id());
                    record.setString(2, worker);
                    record.addBatch();
                }
                record.executeBatch();
                List<AckResult> results = engine.ackAll(
                        got.stream().map(t -> Ack.succeed(t.lease())).toList());
                assertThat(results).allSatisfy(r -> {
                    assertThat(r.accepted()).isTrue();
                    assertThat(r.outcome()).isEqualTo(Outcome.SUCCEEDED);
                });
                ran += got.size();
            }
        }
    }

    private static void execute(PostgresTestDatabase db, String sql) throws SQLException {
        try (Connection c = DriverManager.getConnection(db.url());
                Statement st = c.createStatement()) {
            st.execute(sql);
        }
    }

    private static long queryLong(PostgresTestDatabase db, String sql) throws SQLException {
        try (Connection c = DriverManager.getConnection(db.url());
                Statement st = c.createStatement();
                ResultSet rs = st.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }
}
