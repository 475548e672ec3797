package dev.tide.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tide.api.Ack;
import dev.tide.api.AckResult;
import dev.tide.api.ClaimRequest;
import dev.tide.api.EnqueueResult;
import dev.tide.api.LeasedTask;
import dev.tide.api.NewTask;
import dev.tide.cli.testing.ChildJvm;
import dev.tide.cli.testing.OwnPostgresCluster;
import dev.tide.client.TideClient;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BooleanSupplier;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The database under two {@code tide server} nodes restarts while they work: a cluster of the test's own is stopped by
 * a fast shutdown and started again, then its postmaster is killed with SIGKILL and started again, while a client
 * enqueues and workers claim and acknowledge over HTTP on both nodes. Both nodes reconnect by themselves (their pools,
 * LISTEN and leader sessions), {@code /readyz} answers 503 while the database is down and 200 again after, no task is
 * ever held under two live leases at once, and every enqueue and acknowledgement that was answered with success is in
 * the database afterwards. The time from the database accepting connections again to both nodes ready and
 * acknowledging is printed, for docs/operations.md.
 */
class PostgresRestartTest {
    private static final Duration LEASE = Duration.ofSeconds(10);
    /** How long the database stays down each time: long enough for every prober to see it. */
    private static final Duration OUTAGE = Duration.ofSeconds(2);

    /** One claim as its worker saw it: who, under which token, from when until the lease's end. */
    record Claimed(long taskId, String worker, String token, Instant at, Instant expiresAt) {}

    private final Set<Long> enqueued = ConcurrentHashMap.newKeySet();
    /** Task id to the token of the lease whose acknowledgement was accepted. */
    private final Map<Long, String> acked = new ConcurrentHashMap<>();

    private final ConcurrentLinkedQueue<Claimed> claims = new ConcurrentLinkedQueue<>();
    private final AtomicBoolean running = new AtomicBoolean(true);
    private final AtomicLong lastAck = new AtomicLong();

    @Test
    void bothNodesRideOutAFastShutdownAndAKilledPostmaster() throws Exception {
        rideOut(1);
    }

    /** The same, five rounds of each kind of restart under longer load. */
    @Test
    @Tag("slow")
    void bothNodesRideOutRepeatedRestarts() throws Exception {
        rideOut(5);
    }

    private void rideOut(int rounds) throws Exception {
        try (OwnPostgresCluster pg = OwnPostgresCluster.start()) {
            List<String> storage = List.of("--db", pg.url());
            try (ChildJvm a = node(pg, "node-a");
                    ChildJvm b = node(pg, "node-b")) {
                String urlA = a.awaitServerUrl();
                String urlB = b.awaitServerUrl();
                String token = ServerClients.token(storage);
                Prober probeA = new Prober(urlA);
                Prober probeB = new Prober(urlB);
                List<Thread> threads = new ArrayList<>();
                threads.add(Thread.ofPlatform().name("producer").start(() -> produce(token, urlA, urlB)));
                for (String url : List.of(urlA, urlB)) {
                    for (int i = 0; i < 2; i++) {
                        String worker = (url.equals(urlA) ? "a-" : "b-") + i;
                        threads.add(Thread.ofPlatform().name(worker).start(() -> work(token, url, worker)));
                    }
                }
                threads.add(probeA.thread);
                threads.add(probeB.thread);
                try {
                    await("work flows", Duration.ofSeconds(20), () -> acked.size() >= 100);

                    for (int round = 0; round < rounds; round++) {
                        Duration fast = restart("fast shutdown", pg::stopFast, pg, probeA, probeB);
                        Duration killed = restart("kill -9 of the postmaster", pg::killPostmaster, pg, probeA, probeB);
                        System.out.printf(
                                "PostgresRestartTest: recovered from a fast shutdown in %d ms, from kill -9 of the"
                                        + " postmaster in %d ms (database accepting connections again -> both nodes"
                                        + " ready and acknowledging)%n",
                                fast.toMillis(), killed.toMillis());
                        assertThat(List.of(fast, killed))
                                .allSatisfy(d -> assertThat(d).isLessThan(Duration.ofSeconds(15)));
                    }
                    // The long-lived sessions came back too: each node LISTENs again, one holds the leader lock.
                    await("both nodes LISTEN again", Duration.ofSeconds(20), () -> sessions(pg, "tide listener%") == 2);
                    await("one maintenance leader again", Duration.ofSeconds(20), () -> leaderLocks(pg) == 1);
                } finally {
                    running.set(false);
                    for (Thread t : threads) {
                        t.join(15_000);
                    }
                }
                assertThat(a.isAlive() && b.isAlive())
                        .as("both nodes still run")
                        .isTrue();
            }
            assertNoTwoLiveLeases();
            assertNothingAcknowledgedLost(pg.url());
        }
    }

    /**
     * Takes the database down with {@code stop}, keeps it down for {@link #OUTAGE}, starts it again, and answers how
     * long after it accepted connections both nodes were ready and acknowledging again.
     */
    private Duration restart(String how, Runnable stop, OwnPostgresCluster pg, Prober... probes) throws Exception {
        for (Prober p : probes) {
            p.sawUnready.set(false);
        }
        stop.run();
        Thread.sleep(OUTAGE.toMillis());
        for (Prober p : probes) {
            assertThat(p.sawUnready.get())
                    .as("%s: /readyz of %s answered 503 while down", how, p.url)
                    .isTrue();
        }
        pg.startAgain();
        long back = System.nanoTime();
        long acksBefore = lastAck.get();
        await(how + ": both nodes ready again", Duration.ofSeconds(30), () -> probes[0].ready() && probes[1].ready());
        await(how + ": acknowledgements flow again", Duration.ofSeconds(30), () -> lastAck.get() > acksBefore);
        return Duration.ofNanos(System.nanoTime() - back);
    }

    private static ChildJvm node(OwnPostgresCluster pg, String name) {
        return ChildJvm.server(List.of("--db", pg.url(), "--node", name), Map.of(), List.of());
    }

    /** Enqueues batches of 25, alternating nodes; remembers each task whose enqueue was answered with success. */
    private void produce(String token, String... urls) {
        List<TideClient> clients = clients(token, urls);
        int round = 0;
        while (running.get()) {
            TideClient client = clients.get(round++ % clients.size());
            try {
                List<EnqueueResult> got = client.enqueueAll(IntStream.range(0, 25)
                        .mapToObj(i -> NewTask.of("load", Map.of("i", i)))
                        .toList());
                got.forEach(r -> enqueued.add(r.task().id()));
                pause(20);
            } catch (RuntimeException e) {
                pause(100); // the database is down: try again
            }
        }
        clients.forEach(TideClient::close);
    }

    /** Claims and acknowledges; an acknowledgement that fails for the outage is retried under the same lease. */
    private void work(String token, String url, String worker) {
        try (TideClient client =
                TideClient.builder(URI.create(url)).token(token).build()) {
            while (running.get()) {
                List<LeasedTask> got;
                try {
                    got = client.claim(new ClaimRequest(
                            "default", worker, 10, Set.of("load"), LEASE, Duration.ofMillis(500), null, null, null));
                } catch (RuntimeException e) {
                    pause(100);
                    continue;
                }
                for (LeasedTask t : got) {
                    // the lease began a lease duration before it ends, on the database's clock
                    Instant expires = t.lease().expiresAt();
                    claims.add(new Claimed(
                            t.task().id(),
                            worker,
                            t.lease().token(),
                            expires.minus(t.lease().duration()),
                            expires));
                }
                List<Ack> acks = got.stream().map(t -> Ack.succeed(t.lease())).toList();
                while (!acks.isEmpty() && running.get()) {
                    try {
                        for (AckResult r : client.ackAll(acks)) {
                            if (r.accepted()) {
                                acked.put(r.taskId(), tokenOf(acks, r.taskId()));
                                lastAck.incrementAndGet();
                            }
                        }
                        break;
                    } catch (RuntimeException e) {
                        pause(100);
                    }
                }
            }
        }
    }

    /** Polls {@code /readyz} every 50 ms; notes a 503 (or no answer) and the latest state. */
    private final class Prober {
        final String url;
        final AtomicBoolean sawUnready = new AtomicBoolean();
        final AtomicBoolean lastReady = new AtomicBoolean(true);
        final Thread thread;

        Prober(String url) {
            this.url = url;
            this.thread = Thread.ofPlatform().name("readyz " + url).start(this::loop);
        }

        boolean ready() {
            return lastReady.get();
        }

        private void loop() {
            HttpClient http = HttpClient.newBuilder()
                    .connectTimeout(Duration.ofSeconds(2))
                    .build();
            while (running.get()) {
                int status;
                try {
                    status = http.send(
                                    HttpRequest.newBuilder(URI.create(url + "readyz"))
                                            .timeout(Duration.ofSeconds(5))
                                            .build(),
                                    HttpResponse.BodyHandlers.discarding())
                            .statusCode();
                } catch (Exception e) {
                    status = -1;
                }
                lastReady.set(status == 200);
                if (status != 200) {
                    sawUnready.set(true);
                }
                pause(50);
            }
        }
    }

    /**
     * For each task, its leases in the order taken: each began only after the one before had ended, by expiring (its
     * end is the database's time, on the same host as this test) or by an accepted acknowledgement.
     */
    private void assertNoTwoLiveLeases() {
        Map<Long, List<Claimed>> byTask = new HashMap<>();
        for (Claimed c : claims) {
            byTask.computeIfAbsent(c.taskId(), k -> new ArrayList<>()).add(c);
        }
        for (List<Claimed> leases : byTask.values()) {
            leases.sort(java.util.Comparator.comparing(Claimed::at));
            for (int i = 1; i < leases.size(); i++) {
                Claimed before = leases.get(i - 1);
                Claimed after = leases.get(i);
                assertThat(before.token())
                        .as("task %d claimed again though acknowledged", after.taskId())
                        .isNotEqualTo(acked.get(before.taskId()));
                assertThat(after.at())
                        .as(
                                "task %d leased to %s while %s's lease was live",
                                after.taskId(), after.worker(), before.worker())
                        .isAfterOrEqualTo(before.expiresAt());
            }
        }
    }

    private void assertNothingAcknowledgedLost(String url) throws Exception {
        Set<Long> present = new HashSet<>();
        Set<Long> succeeded = new HashSet<>();
        try (Connection c = DriverManager.getConnection(url);
                Statement st = c.createStatement();
                ResultSet rs = st.executeQuery("SELECT id, state, outcome FROM tide_tasks WHERE type = 'load'")) {
            while (rs.next()) {
                present.add(rs.getLong(1));
                if ("finished".equals(rs.getString(2)) && "succeeded".equals(rs.getString(3))) {
                    succeeded.add(rs.getLong(1));
                }
            }
        }
        System.out.printf(
                "PostgresRestartTest: %d enqueues and %d acknowledgements answered with success, %d claims%n",
                enqueued.size(), acked.size(), claims.size());
        assertThat(present).as("every enqueue answered with success is stored").containsAll(enqueued);
        assertThat(succeeded).as("every accepted acknowledgement is stored").containsAll(acked.keySet());
    }

    private static String tokenOf(List<Ack> acks, long taskId) {
        return acks.stream()
                .filter(a -> a.taskId() == taskId)
                .findFirst()
                .orElseThrow()
                .token();
    }

    private static long sessions(OwnPostgresCluster pg, String applicationName) {
        return count(pg, "SELECT COUNT(*) FROM pg_stat_activity WHERE application_name LIKE '" + applicationName + "'");
    }

    private static long leaderLocks(OwnPostgresCluster pg) {
        return count(
                pg,
                "SELECT COUNT(*) FROM pg_locks WHERE locktype = 'advisory' AND granted AND classid = 1953064038::oid");
    }

    private static long count(OwnPostgresCluster pg, String query) {
        try (Connection c = DriverManager.getConnection(pg.url());
                Statement st = c.createStatement();
                ResultSet rs = st.executeQuery(query)) {
            rs.next();
            return rs.getLong(1);
        } catch (java.sql.SQLException e) {
            return -1;
        }
    }

    private static List<TideClient> clients(String token, String... urls) {
        return java.util.Arrays.stream(urls)
                .map(u -> TideClient.builder(URI.create(u)).token(token).build())
                .toList();
    }

    private static void await(String what, Duration timeout, BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!condition.getAsBoolean()) {
            assertThat(System.nanoTime()).as(what).isLessThan(deadline);
            Thread.sleep(20);
        }
    }

    private static void pause(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
