package dev.tide.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tide.api.Ack;
import dev.tide.api.AckResult;
import dev.tide.api.ClaimRequest;
import dev.tide.api.LeasedTask;
import dev.tide.api.NewTask;
import dev.tide.api.Schedule;
import dev.tide.cli.testing.ChildJvm;
import dev.tide.client.TideClient;
import dev.tide.core.testing.PostgresTestDatabase;
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
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Two {@code tide server} processes on one PostgreSQL schema whose hosts' clocks disagree by twenty minutes: one runs
 * ten minutes behind, the other ten minutes ahead (the hidden property {@code tide.test.clockOffset} shifts each
 * process's host clock). Leases are judged on the database's clock, so whichever node leads maintenance, no lease
 * taken on the other node is expired early (nor late), and a schedule firing every second fires each second once.
 * Judged by either host's clock, a lease taken on the slow node would be expired by the fast one at once.
 */
class PostgresClockSkewTest {
    private static final Duration SKEW = Duration.ofMinutes(10);

    private static PostgresTestDatabase db;

    @BeforeAll
    static void database() {
        db = PostgresTestDatabase.create("clock_skew");
    }

    @AfterAll
    static void drop() {
        if (db != null) {
            db.close();
        }
    }

    private static ChildJvm node(String name, Duration offset) {
        return ChildJvm.server(
                List.of("--db", db.url(), "--node", name), Map.of(), List.of("-Dtide.test.clockOffset=" + offset));
    }

    @Test
    void noLeaseIsExpiredEarlyAndNoScheduleFiresTwiceWhenTheHostsClocksAreMinutesApart() throws Exception {
        holdLeasesAcrossSkewedNodes(Duration.ofSeconds(8));
    }

    /** The same with leases of a minute, held through some sixty maintenance passes. */
    @Test
    @Tag("slow")
    void minuteLongLeasesOutliveSixtyPassesOnSkewedNodes() throws Exception {
        holdLeasesAcrossSkewedNodes(Duration.ofMinutes(1));
    }

    private void holdLeasesAcrossSkewedNodes(Duration lease) throws Exception {
        List<String> storage = List.of("--db", db.url());
        try (ChildJvm slow = node("slow", SKEW.negated());
                ChildJvm fast = node("fast", SKEW)) {
            String slowUrl = slow.awaitServerUrl();
            String fastUrl = fast.awaitServerUrl();
            // The offsets took: each node sees its host ten minutes off the database (and says so).
            long behind = Long.parseLong(slow.awaitLine("host's clock is (\\d+) ms behind", Duration.ofSeconds(5)));
            long ahead = Long.parseLong(fast.awaitLine("host's clock is (\\d+) ms ahead of", Duration.ofSeconds(5)));
            assertThat(List.of(behind, ahead))
                    .allSatisfy(ms -> assertThat(ms).isBetween(SKEW.toMillis() - 2_000, SKEW.toMillis() + 2_000));

            String adminToken = ServerClients.token(storage);
            try (TideClient onSlow = TideClient.builder(java.net.URI.create(slowUrl))
                            .token(adminToken)
                            .build();
                    TideClient onFast = TideClient.builder(java.net.URI.create(fastUrl))
                            .token(adminToken)
                            .build()) {
                onSlow.schedules().define(Schedule.of("tick", "* * * * * *", NewTask.of("tick", Map.of())));
                onSlow.enqueueAll(IntStream.range(0, 40)
                        .mapToObj(i -> NewTask.of("hold", Map.of("i", i)))
                        .toList());
                Instant claimedAt = Instant.now();
                List<LeasedTask> held = new ArrayList<>(claim(onSlow, "worker-slow", 20, lease));
                held.addAll(claim(onFast, "worker-fast", 20, lease));
                assertThat(held).hasSize(40);
                assertThat(held)
                        .as("each lease ends a lease duration from now on the database's clock, on either node")
                        .allSatisfy(t -> assertThat(Duration.between(
                                                claimedAt.plus(lease), t.lease().expiresAt())
                                        .abs())
                                .isLessThan(Duration.ofSeconds(3)));

                // Several maintenance passes (one a second) by whichever node leads: every lease must survive them.
                Thread.sleep(lease.toMillis() - 3_000);
                assertThat(leasedWithOneAttempt())
                        .as("still leased, never redelivered")
                        .isEqualTo(40);
                List<AckResult> acks = new ArrayList<>();
                acks.addAll(onSlow.ackAll(held.subList(0, 20).stream()
                        .map(t -> Ack.succeed(t.lease()))
                        .toList()));
                acks.addAll(onFast.ackAll(held.subList(20, 40).stream()
                        .map(t -> Ack.succeed(t.lease()))
                        .toList()));
                assertThat(acks)
                        .as("every ack accepted")
                        .allSatisfy(a -> assertThat(a.accepted()).isTrue());

                // Nor late: a lease left to lapse is redelivered about on time, though one host is ten minutes slow.
                onFast.enqueue(NewTask.of("lapse", Map.of()));
                LeasedTask lapsing = onSlow.claim(new ClaimRequest(
                                "default",
                                "worker-slow",
                                1,
                                Set.of("lapse"),
                                Duration.ofSeconds(2),
                                null,
                                null,
                                null,
                                null))
                        .get(0);
                long deadline = System.nanoTime() + Duration.ofSeconds(8).toNanos();
                while (state(lapsing.task().id()).equals("leased")) {
                    assertThat(System.nanoTime())
                            .as("the lapsed lease is reclaimed")
                            .isLessThan(deadline);
                    Thread.sleep(100);
                }

                onFast.schedules().pause("tick");
            }
            List<Instant> firings = firings();
            assertThat(firings.size()).as("about one firing a second").isGreaterThanOrEqualTo(5);
            for (int i = 1; i < firings.size(); i++) {
                assertThat(Duration.between(firings.get(i - 1), firings.get(i)))
                        .as("firing %d follows %d by one second: none twice, none skipped", i, i - 1)
                        .isEqualTo(Duration.ofSeconds(1));
            }
            assertThat(Duration.between(firings.get(firings.size() - 1), Instant.now())
                            .abs())
                    .as("the last firing is now, not ten minutes off")
                    .isLessThan(Duration.ofSeconds(5));
        }
    }

    private static List<LeasedTask> claim(TideClient client, String worker, int limit, Duration lease) {
        return client.claim(new ClaimRequest("default", worker, limit, Set.of("hold"), lease, null, null, null, null));
    }

    private static long leasedWithOneAttempt() throws SQLException {
        try (Connection c = DriverManager.getConnection(db.url());
                Statement st = c.createStatement();
                ResultSet rs = st.executeQuery(
                        "SELECT COUNT(*) FROM tide_tasks WHERE type = 'hold' AND state = 'leased' AND attempts = 1")) {
            rs.next();
            return rs.getLong(1);
        }
    }

    private static String state(long taskId) throws SQLException {
        try (Connection c = DriverManager.getConnection(db.url());
                Statement st = c.createStatement();
                ResultSet rs = st.executeQuery("SELECT state FROM tide_tasks WHERE id = " + taskId)) {
            rs.next();
            return rs.getString(1);
        }
    }

    private static List<Instant> firings() throws SQLException {
        List<Instant> out = new ArrayList<>();
        try (Connection c = DriverManager.getConnection(db.url());
                Statement st = c.createStatement();
                ResultSet rs = st.executeQuery("SELECT run_at FROM tide_tasks"
                        + " WHERE idempotency_key LIKE 'schedule:tick:%' ORDER BY run_at, id")) {
            while (rs.next()) {
                out.add(Instant.ofEpochMilli(rs.getLong(1)));
            }
        }
        return out;
    }
}
