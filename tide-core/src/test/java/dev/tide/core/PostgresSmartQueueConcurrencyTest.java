package dev.tide.core;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tide.api.Ack;
import dev.tide.api.ClaimRequest;
import dev.tide.api.Coalescing;
import dev.tide.api.LeasedTask;
import dev.tide.api.NewTask;
import dev.tide.api.Outcome;
import dev.tide.api.PendingLimitException;
import dev.tide.api.QueueDefinition;
import dev.tide.api.TaskInfo;
import dev.tide.api.TaskQuery;
import dev.tide.api.TaskState;
import dev.tide.api.TaskType;
import dev.tide.core.testing.PostgresTestDatabase;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Coalescing and bounds exact across nodes: several engines, each with its own store and connection pool (a node
 * each), enqueue at once against one bound and one key. Under READ COMMITTED a count or a lookup alone would let two
 * enqueues both see room, or both see no pending task; the scope locks make them take turns.
 */
class PostgresSmartQueueConcurrencyTest {
    private static final int NODES = 4;
    private static final int ROUNDS = 30;

    private PostgresTestDatabase db;
    private final List<Tide> nodes = new ArrayList<>();

    @BeforeEach
    void openNodes() {
        db = PostgresTestDatabase.create("smartrace");
        Tide first = node(0);
        first.defineTaskType(TaskType.named("replace").withCoalescing(Coalescing.REPLACE));
        first.defineTaskType(TaskType.named("ignore").withCoalescing(Coalescing.IGNORE));
        first.defineTaskType(TaskType.named("merge").withCoalescing(Coalescing.MERGE));
        // The other nodes start after the types exist, so every node applies their policies from the first enqueue.
        for (int i = 1; i < NODES; i++) {
            node(i);
        }
    }

    private Tide node(int i) {
        Tide node = Tide.builder()
                .postgres(db.url())
                .config(TideConfig.defaults().withMaintenanceInterval(null).withNodeName("node-" + i))
                .build();
        nodes.add(node);
        return node;
    }

    @AfterEach
    void closeNodes() {
        nodes.forEach(Tide::close);
        db.close();
    }

    /** Runs {@code work(node, round)} on every node at once, ROUNDS times each, all starting together. */
    private void race(NodeWork work) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(NODES);
        CountDownLatch start = new CountDownLatch(1);
        List<Future<?>> done = new ArrayList<>();
        for (int n = 0; n < NODES; n++) {
            int node = n;
            done.add(pool.submit(() -> {
                start.await();
                for (int round = 0; round < ROUNDS; round++) {
                    work.run(nodes.get(node), node, round);
                }
                return null;
            }));
        }
        start.countDown();
        for (Future<?> f : done) {
            f.get(60, TimeUnit.SECONDS);
        }
        pool.shutdown();
    }

    @FunctionalInterface
    private interface NodeWork {
        void run(Tide node, int nodeIndex, int round) throws Exception;
    }

    private List<TaskInfo> tasks(String queue) {
        return nodes.get(0)
                .tasks(TaskQuery.all().withQueue(queue).withLimit(TaskQuery.MAX_LIMIT))
                .items();
    }

    @Test
    void boundsHoldExactlyWithEveryNodeEnqueueingAtOnce() throws Exception {
        nodes.get(0).queues().define(QueueDefinition.named("bounded").withPendingBounds(50, 4, 20));
        AtomicInteger accepted = new AtomicInteger();
        AtomicInteger refused = new AtomicInteger();
        race((node, n, round) -> {
            String owner = "user-" + (round % 3);
            List<NewTask> batch = List.of(
                    NewTask.builder("frame")
                            .queue("bounded")
                            .owner(owner)
                            .coalescingKey("camera-" + (round % 7))
                            .build(),
                    NewTask.builder("frame").queue("bounded").owner(owner).build());
            try {
                node.enqueueAll(batch);
                accepted.addAndGet(batch.size());
            } catch (PendingLimitException e) {
                refused.incrementAndGet();
            }
        });
        List<TaskInfo> stored = tasks("bounded");
        assertThat(stored).hasSize(accepted.get());
        assertThat(stored.size()).isLessThanOrEqualTo(50);
        assertThat(refused.get()).as("the race reached the bounds").isPositive();
        Map<String, Long> perUser =
                stored.stream().collect(Collectors.groupingBy(TaskInfo::owner, Collectors.counting()));
        assertThat(perUser.values()).allMatch(n -> n <= 20);
        Map<String, Long> perKey = stored.stream()
                .filter(t -> t.coalescingKey() != null)
                .collect(Collectors.groupingBy(t -> t.owner() + "/" + t.coalescingKey(), Collectors.counting()));
        assertThat(perKey.values()).allMatch(n -> n <= 4);
        assertThat(stored.size())
                .as("3 users x 20 is more than the queue's 50: the queue's bound is the one reached")
                .isEqualTo(50);
    }

    @Test
    void boundsPerUserAndKeyHoldUnderTheirOwnLocks() throws Exception {
        // No bound of the queue's own: enqueues lock their user and key only, and those of other users run alongside.
        nodes.get(0).queues().define(QueueDefinition.named("per-user").withPendingBounds(null, 3, 10));
        race((node, n, round) -> {
            String owner = "user-" + ((round + n) % 4);
            try {
                node.enqueueAll(List.of(
                        NewTask.builder("frame")
                                .queue("per-user")
                                .owner(owner)
                                .coalescingKey("camera-" + (round % 5))
                                .build(),
                        NewTask.builder("frame").queue("per-user").owner(owner).build()));
            } catch (PendingLimitException e) {
                // refused whole: counted below by what was stored
            }
        });
        List<TaskInfo> stored = tasks("per-user");
        Map<String, Long> perUser =
                stored.stream().collect(Collectors.groupingBy(TaskInfo::owner, Collectors.counting()));
        assertThat(perUser).hasSize(4);
        assertThat(perUser.values())
                .as("each user filled to its bound, none past it")
                .allMatch(c -> c == 10);
        Map<String, Long> perKey = stored.stream()
                .filter(t -> t.coalescingKey() != null)
                .collect(Collectors.groupingBy(t -> t.owner() + "/" + t.coalescingKey(), Collectors.counting()));
        assertThat(perKey.values()).allMatch(c -> c <= 3);
    }

    @Test
    void exactlyOnePendingTaskPerKeyRemainsWhileNodesReplaceIgnoreAndClaim() throws Exception {
        AtomicInteger claimed = new AtomicInteger();
        race((node, n, round) -> {
            node.enqueue(NewTask.builder("replace")
                    .queue("keys")
                    .coalescingKey("status")
                    .payload(Map.of("node", n, "round", round))
                    .build());
            node.enqueue(NewTask.builder("ignore")
                    .queue("keys")
                    .coalescingKey("once")
                    .build());
            node.enqueue(NewTask.builder("merge")
                    .queue("keys")
                    .coalescingKey("latest")
                    .payload(round)
                    .build());
            if (n == 0 && round % 5 == 0) {
                // One node also works the queue: a task it leases is out of the coalescing.
                for (LeasedTask t : node.claim(ClaimRequest.of("keys", "worker", 3))) {
                    node.ack(Ack.succeed(t.lease()));
                    claimed.incrementAndGet();
                }
            }
        });
        List<TaskInfo> stored = tasks("keys");
        Map<String, List<TaskInfo>> pendingByKey = stored.stream()
                .filter(t -> t.state() == TaskState.READY)
                .collect(Collectors.groupingBy(TaskInfo::coalescingKey));
        assertThat(pendingByKey.values()).allMatch(p -> p.size() == 1);
        long statusTasks =
                stored.stream().filter(t -> t.type().equals("replace")).count();
        long superseded =
                stored.stream().filter(t -> t.outcome() == Outcome.SUPERSEDED).count();
        long statusSucceeded = stored.stream()
                .filter(t -> t.type().equals("replace") && t.outcome() == Outcome.SUCCEEDED)
                .count();
        long statusPending = pendingByKey.getOrDefault("status", List.of()).size();
        assertThat(statusTasks).as("every replacement is stored").isEqualTo((long) NODES * ROUNDS);
        assertThat(superseded + statusSucceeded + statusPending)
                .as("each status task was superseded, ran, or is the one pending")
                .isEqualTo(statusTasks);
        assertThat(claimed.get())
                .as("the worker took some tasks during the race")
                .isPositive();
        long ignoreTasks =
                stored.stream().filter(t -> t.type().equals("ignore")).count();
        long ignoreRan = stored.stream()
                .filter(t -> t.type().equals("ignore") && t.state() == TaskState.FINISHED)
                .count();
        assertThat(ignoreTasks)
                .as("a newcomer is stored only when no 'once' task was pending")
                .isEqualTo(
                        ignoreRan + pendingByKey.getOrDefault("once", List.of()).size());
    }
}
