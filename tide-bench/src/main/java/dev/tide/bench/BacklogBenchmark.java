package dev.tide.bench;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.tide.api.Ack;
import dev.tide.api.ClaimRequest;
import dev.tide.api.LeasedTask;
import dev.tide.api.NewTask;
import dev.tide.api.json.Json;
import dev.tide.core.Tide;
import dev.tide.core.store.postgresql.PostgresStore;
import dev.tide.core.store.sqlite.SqliteStore;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryUsage;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Claim cost as the backlog grows: the time of one claim of {@value #CLAIM} tasks with a small backlog queued and with
 * a large one, the claim statement's plan, and the heap in use with the large backlog. The backlog stays constant
 * while claims are timed (each claimed batch is acknowledged and replaced, untimed). It runs in a JVM of its own with
 * a {@value #HEAP_LIMIT_MB} MB heap, so finishing at all shows that a large backlog does not need more.
 */
final class BacklogBenchmark {
    static final int HEAP_LIMIT_MB = 256;
    private static final int CLAIM = 100;
    private static final int WARMUP_ROUNDS = 50;
    private static final int ROUNDS = 300;
    private static final int ENQUEUE_BATCH = 1000;
    /** The statement an unfiltered claim runs: the claim leaves prohibited users out. */
    private static final String CLAIM_STATEMENT = "task_claim+claim_unless_prohibited";

    /** Claim latency with {@code queued} tasks ready. */
    record Point(int queued, Latencies claim) {
        @JsonProperty
        double microsPerTask() {
            return claim.meanMillis() * 1000 / CLAIM;
        }
    }

    /**
     * @param plan the claim statement's plan as the database explains it
     * @param planUsesIndexWithoutSort whether that plan reads the ready index in order and sorts nothing
     * @param heapUsedMb heap in use after a full collection, with the large backlog queued
     */
    record Result(
            String store,
            int claimSize,
            Point small,
            Point large,
            List<String> plan,
            boolean planUsesIndexWithoutSort,
            double heapUsedMb,
            double heapMaxMb) {

        /** How much dearer a claim is with the large backlog (1.0 = not at all). */
        @JsonProperty
        double growth() {
            return large.claim().meanMillis() / small.claim().meanMillis();
        }
    }

    static Result run(BenchDatabase database, int small, int large) throws Exception {
        try (database;
                Tide tide = database.tide().build()) {
            fill(tide, 0, small);
            Point smallPoint = measure(tide, small);
            fill(tide, small, large);
            Point largePoint = measure(tide, large);
            List<String> plan = plan(tide);
            System.gc();
            System.gc();
            MemoryUsage heap = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage();
            return new Result(
                    database.kind().label(),
                    CLAIM,
                    smallPoint,
                    largePoint,
                    plan,
                    usesIndexWithoutSort(database.kind(), plan),
                    heap.getUsed() / 1048576.0,
                    heap.getMax() / 1048576.0);
        }
    }

    private static void fill(Tide tide, int from, int to) {
        for (int n = from; n < to; n += ENQUEUE_BATCH) {
            tide.enqueueAll(batch(n, Math.min(to, n + ENQUEUE_BATCH)));
        }
    }

    private static List<NewTask> batch(int from, int to) {
        List<NewTask> tasks = new ArrayList<>(to - from);
        for (int n = from; n < to; n++) {
            tasks.add(NewTask.of(TideQueue.TYPE, new TideQueue.NoopPayload(n)));
        }
        return tasks;
    }

    private static Point measure(Tide tide, int queued) {
        long[] nanos = new long[ROUNDS];
        int next = queued;
        for (int round = -WARMUP_ROUNDS; round < ROUNDS; round++) {
            long start = System.nanoTime();
            List<LeasedTask> claimed = tide.claim(ClaimRequest.of("default", "backlog-bench", CLAIM));
            long took = System.nanoTime() - start;
            if (claimed.size() != CLAIM) {
                throw new IllegalStateException("claimed " + claimed.size() + " of " + CLAIM);
            }
            if (round >= 0) {
                nanos[round] = took;
            }
            tide.ackAll(claimed.stream().map(t -> Ack.succeed(t.lease())).toList());
            tide.enqueueAll(batch(next, next + CLAIM));
            next += CLAIM;
        }
        return new Point(queued, Latencies.ofNanos(nanos));
    }

    private static List<String> plan(Tide tide) {
        if (tide.store() instanceof SqliteStore sqlite) {
            return sqlite.explain(CLAIM_STATEMENT);
        }
        return ((PostgresStore) tide.store()).explain(CLAIM_STATEMENT);
    }

    static boolean usesIndexWithoutSort(BenchDatabase.StoreKind kind, List<String> plan) {
        String text = String.join("\n", plan);
        boolean index = text.contains("tide_tasks_ready");
        boolean sorts = kind == BenchDatabase.StoreKind.SQLITE ? text.contains("TEMP B-TREE") : text.contains("Sort");
        return index && !sorts;
    }

    /** Entry point of the child JVM: {@code <store> <postgres url> <work folder> <small> <large> <result file>}. */
    public static void main(String[] args) throws Exception {
        BenchDatabase.StoreKind kind = BenchDatabase.StoreKind.parse(args[0]);
        BenchDatabases databases = new BenchDatabases(args[1], Path.of(args[2]));
        Result result = run(databases.fresh(kind, "backlog"), Integer.parseInt(args[3]), Integer.parseInt(args[4]));
        Json.mapper()
                .writer(SerializationFeature.INDENT_OUTPUT)
                .writeValue(Path.of(args[5]).toFile(), result);
    }
}
