package dev.tide.core.stats;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tide.api.ClaimRequest;
import dev.tide.api.HourlyStats;
import dev.tide.api.LeasedTask;
import dev.tide.api.NewTask;
import dev.tide.api.StatsQuery;
import dev.tide.api.TaskQuery;
import dev.tide.core.Tide;
import dev.tide.core.TideBuilder;
import dev.tide.core.TideConfig;
import dev.tide.core.testing.PostgresSchema;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The statistics and the digest on PostgreSQL, and on two nodes sharing one schema: counts added from many threads
 * (each writing its own slot rows) sum exactly, and two nodes racing for one digest period send one digest.
 */
class PostgresStatsTest extends StatsContract {
    @RegisterExtension
    static final PostgresSchema db = PostgresSchema.perClass("stats");

    @Override
    protected TideBuilder storage() {
        return Tide.builder().postgres(db.url());
    }

    @Override
    protected void execute(List<String> statements) throws SQLException {
        try (Connection c = DriverManager.getConnection(db.url());
                java.sql.Statement st = c.createStatement()) {
            for (String sql : statements) {
                st.execute(sql);
            }
        }
    }

    @Override
    protected List<String> statisticsPerTypeOnly() {
        return List.of(
                "DROP INDEX tide_tasks_fair_served",
                "DROP INDEX tide_stats_queue",
                "ALTER TABLE tide_stats DROP CONSTRAINT tide_stats_pkey",
                "ALTER TABLE tide_stats DROP COLUMN queue",
                "ALTER TABLE tide_stats ADD PRIMARY KEY (task_type, hour_start, slot)");
    }

    @Test
    void twoNodesRacingForEachPeriodSendOneDigestEach() throws Exception {
        TideConfig config = TideConfig.defaults()
                .withMaintenanceInterval(null)
                .withDigest(Duration.ofHours(1), List.of("ops@example.org"));
        Tide a = open(config.withNodeName("a"));
        Tide b = open(config.withNodeName("b"));
        a.passes().runDigest();
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            int periods = 10;
            for (int p = 1; p <= periods; p++) {
                clock.set(T0.plus(Duration.ofHours(p)));
                CyclicBarrier start = new CyclicBarrier(4);
                List<Future<Optional<Long>>> tries = new ArrayList<>();
                for (Tide node : List.of(a, b, a, b)) {
                    Callable<Optional<Long>> race = () -> {
                        start.await();
                        return node.passes().runDigest();
                    };
                    tries.add(pool.submit(race));
                }
                int sent = 0;
                for (Future<Optional<Long>> t : tries) {
                    sent += t.get().isPresent() ? 1 : 0;
                }
                assertThat(sent).as("period " + p).isEqualTo(1);
            }
            assertThat(a.tasks(TaskQuery.all().withType("tide.notification").withLimit(100))
                            .items())
                    .hasSize(periods);
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void countsFromManyThreadsSpreadOverSlotsAndSumExactly() throws Exception {
        Tide tide = open();
        int tasks = 400;
        List<NewTask> batch = new ArrayList<>();
        for (int i = 0; i < tasks; i++) {
            batch.add(NewTask.of("email", Map.of()));
        }
        tide.enqueueAll(batch);
        ExecutorService pool = Executors.newFixedThreadPool(8);
        try {
            List<Future<Integer>> workers = new ArrayList<>();
            for (int w = 0; w < 8; w++) {
                String worker = "w" + w;
                workers.add(pool.submit(() -> {
                    int done = 0;
                    while (true) {
                        List<LeasedTask> got = tide.claim(ClaimRequest.of("default", worker, 5));
                        if (got.isEmpty()) {
                            return done;
                        }
                        for (LeasedTask t : got) {
                            tide.ack(t.ack().succeed());
                            done++;
                        }
                    }
                }));
            }
            int done = 0;
            for (Future<Integer> w : workers) {
                done += w.get();
            }
            assertThat(done).isEqualTo(tasks);
        } finally {
            pool.shutdownNow();
        }
        List<HourlyStats> hours = tide.monitoring().stats(StatsQuery.weekOf(T0));
        assertThat(hours).containsExactly(new HourlyStats("email", HOUR_10, tasks, tasks, 0, 0, 0, tasks));
        try (Connection c = DriverManager.getConnection(db.url());
                ResultSet rs = c.createStatement().executeQuery("SELECT count(*) FROM tide_stats")) {
            rs.next();
            assertThat(rs.getInt(1)).as("slot rows of the one (type, hour)").isGreaterThan(1);
        }
    }
}
