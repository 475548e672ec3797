package dev.tide.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tide.api.NewTask;
import dev.tide.api.PendingLimitException;
import dev.tide.api.SubmitRateException;
import dev.tide.api.TaskQuery;
import dev.tide.api.auth.AuthenticationException;
import dev.tide.api.auth.NewAccount;
import dev.tide.api.auth.Role;
import dev.tide.cli.testing.ChildJvm;
import dev.tide.cli.testing.CliRun;
import dev.tide.client.TideClient;
import dev.tide.core.testing.PostgresTestDatabase;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Two {@code tide server} processes on one PostgreSQL behave as one service: a user flooding both nodes at once gets
 * exactly its pending limit accepted, and exactly its submissions per minute; a token issued through one node works on
 * the other and a user disabled through one is shut out of the other; both answer alike. Users and limits are made
 * with {@code tide user} on the database, as an operator would.
 */
class OneServiceAcrossNodesTest {
    private static final int THREADS = 8;
    private static final int EACH = 25;
    private static PostgresTestDatabase db;
    private static ChildJvm nodeA;
    private static ChildJvm nodeB;
    private static List<String> urls;

    @BeforeAll
    static void twoNodes() {
        db = PostgresTestDatabase.create("one_service");
        nodeA = ChildJvm.server(List.of("--db", db.url(), "--node", "a"), Map.of(), List.of());
        nodeB = ChildJvm.server(List.of("--db", db.url(), "--node", "b"), Map.of(), List.of());
        urls = List.of(nodeA.awaitServerUrl(), nodeB.awaitServerUrl());
    }

    @AfterAll
    static void stop() {
        for (ChildJvm node : new ChildJvm[] {nodeA, nodeB}) {
            if (node != null) {
                node.close();
            }
        }
        if (db != null) {
            db.close();
        }
    }

    private static String user(String name, String... limits) {
        List<String> args = new ArrayList<>(List.of("user", "add", name, "--role", "submitter", "--db", db.url()));
        args.addAll(List.of(limits));
        CliRun added = CliRun.of(args.toArray(String[]::new));
        assertThat(added.code()).as(added.err()).isZero();
        CliRun token = CliRun.of("user", "token", name, "--db", db.url());
        assertThat(token.code()).as(token.err()).isZero();
        return token.out().strip();
    }

    @Test
    void aUsersLimitsHoldAcrossTwoServerProcesses() throws Exception {
        String ada = user("ada", "--pending-limit", "40");
        String bob = user("bob", "--submits-per-minute", "30");
        Flood pending = flood(urls, ada);
        assertThat(pending.accepted).hasSize(40);
        assertThat(pending.pendingRefusals.get()).isEqualTo(THREADS * EACH - 40);

        awayFromTheMinutesEnd();
        Flood rate = flood(urls, bob);
        assertThat(rate.accepted).hasSize(30);
        assertThat(rate.rateRefusals.get()).isEqualTo(THREADS * EACH - 30);

        try (TideClient admin = TideClient.builder(URI.create(urls.get(0)))
                .token(ServerClients.adminToken(db.url()))
                .build()) {
            assertThat(ids(admin, "ada")).containsExactlyInAnyOrderElementsOf(pending.accepted);
            assertThat(ids(admin, "bob")).containsExactlyInAnyOrderElementsOf(rate.accepted);
        }
    }

    @Test
    void credentialsAndAnswersAreTheSameOnBothNodes() throws Exception {
        String admin = ServerClients.adminToken(db.url());
        try (TideClient a =
                        TideClient.builder(URI.create(urls.get(0))).token(admin).build();
                TideClient b =
                        TideClient.builder(URI.create(urls.get(1))).token(admin).build()) {
            a.accounts().addAccount(NewAccount.of("cleo", Role.SUBMITTER));
            String cleo =
                    a.accounts().issueToken("cleo", "issued through a", null).token();
            try (TideClient cleoOnB =
                    TideClient.builder(URI.create(urls.get(1))).token(cleo).build()) {
                long id = cleoOnB.enqueue(NewTask.of("t", null)).id();
                assertThat(a.task(id)).isEqualTo(b.task(id));
                assertThat(a.task(id).owner()).isEqualTo("cleo");
                assertThat(b.accounts().account("cleo")).isEqualTo(a.accounts().account("cleo"));

                a.accounts().disable("cleo");
                long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
                boolean shutOut = false;
                while (!shutOut && System.nanoTime() < deadline) {
                    try {
                        cleoOnB.task(id);
                        Thread.sleep(100);
                    } catch (AuthenticationException refused) {
                        shutOut = true;
                    }
                }
                assertThat(shutOut)
                        .as("disabled through a, refused by b within seconds")
                        .isTrue();
            }
        }
    }

    private static List<Long> ids(TideClient admin, String owner) {
        return admin.tasks(TaskQuery.all().withOwner(owner).withLimit(TaskQuery.MAX_LIMIT)).items().stream()
                .map(t -> t.id())
                .toList();
    }

    /** Half the threads on each node, all at once. */
    private static Flood flood(List<String> urls, String token) throws InterruptedException {
        Flood flood = new Flood();
        CountDownLatch start = new CountDownLatch(1);
        List<Thread> threads = new ArrayList<>();
        for (int t = 0; t < THREADS; t++) {
            String url = urls.get(t % 2);
            threads.add(Thread.ofPlatform().start(() -> {
                try (TideClient client =
                        TideClient.builder(URI.create(url)).token(token).build()) {
                    start.await();
                    for (int i = 0; i < EACH; i++) {
                        try {
                            flood.accepted.add(
                                    client.enqueue(NewTask.of("t", null)).id());
                        } catch (PendingLimitException e) {
                            flood.pendingRefusals.incrementAndGet();
                        } catch (SubmitRateException e) {
                            flood.rateRefusals.incrementAndGet();
                        }
                    }
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }));
        }
        start.countDown();
        for (Thread t : threads) {
            t.join();
        }
        return flood;
    }

    /** The rate is per minute of the clock: a flood that straddles two minutes may take two minutes' worth. */
    private static void awayFromTheMinutesEnd() throws InterruptedException {
        Instant now = Instant.now();
        if (now.until(now.truncatedTo(ChronoUnit.MINUTES).plus(Duration.ofMinutes(1)), ChronoUnit.SECONDS) < 10) {
            Thread.sleep(Duration.ofSeconds(11));
        }
    }

    private static final class Flood {
        final Set<Long> accepted = ConcurrentHashMap.newKeySet();
        final AtomicInteger pendingRefusals = new AtomicInteger();
        final AtomicInteger rateRefusals = new AtomicInteger();
    }
}
