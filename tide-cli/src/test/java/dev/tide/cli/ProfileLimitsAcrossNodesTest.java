package dev.tide.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tide.api.NewTask;
import dev.tide.api.Profile;
import dev.tide.api.ProfileLimits;
import dev.tide.api.ProfileStatus;
import dev.tide.cli.testing.ChildJvm;
import dev.tide.cli.testing.RemoteWorker;
import dev.tide.client.TideClient;
import dev.tide.core.testing.Ledger;
import dev.tide.core.testing.PostgresTestDatabase;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A profile's hourly limit holds exactly across nodes: two {@code tide server} processes on one PostgreSQL database,
 * eight worker processes (four on each) draining more tasks than the hour allows. The executions are counted from the
 * ledger the handlers write; a limit raised through the other node takes effect there at its next claim.
 */
class ProfileLimitsAcrossNodesTest {
    private static final int TASKS = 200;
    private static PostgresTestDatabase db;

    @BeforeAll
    static void database() {
        db = PostgresTestDatabase.create("profile_nodes");
        Ledger.open(db.url()).close(); // the ledger table exists before the workers race to create it
    }

    @AfterAll
    static void drop() {
        if (db != null) {
            db.close();
        }
    }

    @Test
    void theHourlyLimitHoldsForEightWorkersOnTwoNodes() throws Exception {
        List<ChildJvm> children = new ArrayList<>();
        try (Ledger ledger = Ledger.open(db.url())) {
            ChildJvm a =
                    child(children, ChildJvm.server(List.of("--db", db.url(), "--node", "a"), Map.of(), List.of()));
            ChildJvm b =
                    child(children, ChildJvm.server(List.of("--db", db.url(), "--node", "b"), Map.of(), List.of()));
            String urlA = a.awaitServerUrl();
            String urlB = b.awaitServerUrl();
            String token = ServerClients.adminToken(db.url());
            try (TideClient nodeA =
                            TideClient.builder(URI.create(urlA)).token(token).build();
                    TideClient nodeB =
                            TideClient.builder(URI.create(urlB)).token(token).build()) {
                nodeA.profiles()
                        .define(Profile.forTaskType("work", ZoneOffset.UTC, List.of(), ProfileLimits.perHour(30)));
                List<NewTask> tasks = new ArrayList<>();
                for (int i = 0; i < TASKS; i++) {
                    tasks.add(NewTask.builder("work").payload(i).build());
                }
                nodeA.enqueueAll(tasks);
                awayFromTheHoursEnd();

                List<ChildJvm> workers = new ArrayList<>();
                for (int i = 0; i < 8; i++) {
                    String url = i % 2 == 0 ? urlA : urlB;
                    workers.add(child(
                            children,
                            ChildJvm.start(
                                    RemoteWorker.class.getName(),
                                    List.of(url, db.url(), "worker-" + i, "20", "work"),
                                    Map.of("TIDE_TOKEN", token),
                                    List.of())));
                }
                workers.forEach(w -> w.awaitLine("worker ready", Duration.ofSeconds(60)));

                awaitExecutions(ledger, 30);
                Thread.sleep(2_000); // one start too many would show up now
                assertThat(ledger.executions()).isEqualTo(30);
                assertThat(ledger.reExecuted()).isEmpty();
                assertThat(used(nodeB)).isEqualTo(30);

                nodeB.profiles()
                        .define(Profile.forTaskType("work", ZoneOffset.UTC, List.of(), ProfileLimits.perHour(45)));
                awaitExecutions(ledger, 45);
                Thread.sleep(2_000);
                assertThat(ledger.executions()).isEqualTo(45);
                assertThat(ledger.reExecuted()).isEmpty();
                assertThat(ledger.byWorker().size())
                        .as("workers that ran a task")
                        .isGreaterThan(1);
                assertThat(used(nodeA)).isEqualTo(45);
            }
        } finally {
            children.forEach(ChildJvm::close);
        }
    }

    private static ChildJvm child(List<ChildJvm> children, ChildJvm started) {
        children.add(started);
        return started;
    }

    private static long used(TideClient node) {
        return node.profiles().status().stream()
                .mapToLong(ProfileStatus::usedThisHour)
                .sum();
    }

    /** The test needs well under a minute of one hour: near the hour's end, it waits for the next to begin. */
    private static void awayFromTheHoursEnd() throws InterruptedException {
        Instant now = Instant.now();
        Instant next = now.truncatedTo(ChronoUnit.HOURS).plus(Duration.ofHours(1));
        if (Duration.between(now, next).compareTo(Duration.ofSeconds(50)) < 0) {
            Thread.sleep(Duration.between(now, next).toMillis() + 100);
        }
    }

    private static void awaitExecutions(Ledger ledger, long n) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (ledger.executions() < n) {
            assertThat(System.nanoTime()).as("%d executions", n).isLessThan(deadline);
            Thread.sleep(50);
        }
    }
}
