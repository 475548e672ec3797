package dev.tide.bench;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.tide.api.Ack;
import dev.tide.api.ClaimRequest;
import dev.tide.api.Discipline;
import dev.tide.api.LeasedTask;
import dev.tide.api.json.Json;
import dev.tide.core.Tide;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryUsage;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Claim cost as the backlog grows, for one discipline: the time of one claim of {@value #CLAIM} tasks with a small
 * backlog queued and with a large one, the claim statements' plans, and the heap in use with the large backlog. The
 * backlog stays constant while claims are timed (each claimed batch is acknowledged and replaced by as many new tasks
 * of the same mix, untimed). It runs in a JVM of its own with a {@value #HEAP_LIMIT_MB} MB heap, so finishing at all
 * shows that a large backlog does not need more.
 */
final class BacklogBenchmark {
    static final int HEAP_LIMIT_MB = 256;
    private static final int CLAIM = 100;
    private static final int WARMUP_ROUNDS = 50;
    private static final int ROUNDS = 300;
    private static final int ENQUEUE_BATCH = 1000;
    /** The statement an unfiltered claim runs on a queue ordered by its dispatch key: it leaves prohibited users out. */
    private static final List<String> KEY_ORDER_STATEMENTS = List.of("task_claim+claim_unless_prohibited");
    /** The statements of an unfiltered fair claim: the next users in turn (under their caps), then one user's tasks. */
    private static final List<String> FAIR_STATEMENTS =
            List.of("fair_users_next+fair_under_cap+fair_unless_prohibited+fair_if_allocated", "fair_claim_users");

    /** Claim latency with {@code queued} tasks ready. */
    record Point(int queued, Latencies claim) {
        @JsonProperty
        double microsPerTask() {
            return claim.meanMillis() * 1000 / CLAIM;
        }
    }

    /**
     * @param discipline the queue's discipline, and its users if it is fair
     * @param plan the claim statements' plans as the database explains them
     * @param planUsesIndexWithoutSort whether those plans read their indexes in order and sort nothing
     * @param heapUsedMb heap in use after a full collection, with the large backlog queued
     */
    record Result(
            String store,
            String discipline,
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

    static Result run(BenchDatabase database, Workload workload, int small, int large) throws Exception {
        try (database;
                Tide tide = database.tide().build()) {
            workload.define(tide);
            fill(tide, workload, 0, small);
            database.analyze();
            Point smallPoint = measure(tide, workload, small);
            fill(tide, workload, small, large);
            database.analyze();
            Point largePoint = measure(tide, workload, large);
            List<String> plan = plan(tide, workload);
            System.gc();
            System.gc();
            MemoryUsage heap = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage();
            return new Result(
                    database.kind().label(),
                    workload.label(),
                    CLAIM,
                    smallPoint,
                    largePoint,
                    plan,
                    usesIndexWithoutSort(database.kind(), workload, plan),
                    heap.getUsed() / 1048576.0,
                    heap.getMax() / 1048576.0);
        }
    }

    private static void fill(Tide tide, Workload workload, int from, int to) {
        for (int n = from; n < to; n += ENQUEUE_BATCH) {
            tide.enqueueAll(workload.tasks(n, Math.min(to, n + ENQUEUE_BATCH)));
        }
    }

    private static Point measure(Tide tide, Workload workload, int queued) {
        long[] nanos = new long[ROUNDS];
        int next = queued;
        for (int round = -WARMUP_ROUNDS; round < ROUNDS; round++) {
            long start = System.nanoTime();
            List<LeasedTask> claimed = tide.claim(ClaimRequest.of(Workload.QUEUE, "backlog-bench", CLAIM));
            long took = System.nanoTime() - start;
            if (claimed.size() != CLAIM) {
                throw new IllegalStateException("claimed " + claimed.size() + " of " + CLAIM);
            }
            if (round >= 0) {
                nanos[round] = took;
            }
            tide.ackAll(claimed.stream().map(t -> Ack.succeed(t.lease())).toList());
            tide.enqueueAll(workload.tasks(next, next + CLAIM));
            next += CLAIM;
        }
        return new Point(queued, Latencies.ofNanos(nanos));
    }

    /** The plans of the discipline's claim statements, each headed by the statement's name. */
    private static List<String> plan(Tide tide, Workload workload) {
        List<String> plan = new ArrayList<>();
        for (String statement : statements(workload)) {
            plan.add(statement + ":");
            List<String> lines = tide.storeReadings().explain(statement);
            lines.forEach(line -> plan.add("  " + line));
        }
        return plan;
    }

    private static List<String> statements(Workload workload) {
        return workload.discipline() == Discipline.FAIR ? FAIR_STATEMENTS : KEY_ORDER_STATEMENTS;
    }

    /** Whether the plan reads the ready index (and a fair queue's users by turn) and sorts nothing. */
    static boolean usesIndexWithoutSort(BenchDatabase.StoreKind kind, Workload workload, List<String> plan) {
        String text = String.join("\n", plan);
        boolean index = text.contains("tide_tasks_ready")
                && (workload.discipline() != Discipline.FAIR || text.contains("tide_users_turn"));
        boolean sorts = kind == BenchDatabase.StoreKind.SQLITE ? text.contains("TEMP B-TREE") : text.contains("Sort");
        return index && !sorts;
    }

    /**
     * Entry point of the child JVM: {@code <store> <postgres url> <work folder> <discipline> <users> <small> <large>
     * <result file>}.
     */
    public static void main(String[] args) throws Exception {
        BenchDatabase.StoreKind kind = BenchDatabase.StoreKind.parse(args[0]);
        BenchDatabases databases = new BenchDatabases(args[1], Path.of(args[2]));
        Workload workload = Workload.of(Discipline.parse(args[3]), Integer.parseInt(args[4]));
        Result result = run(
                databases.fresh(kind, "backlog-" + args[3]),
                workload,
                Integer.parseInt(args[5]),
                Integer.parseInt(args[6]));
        Json.mapper()
                .writer(SerializationFeature.INDENT_OUTPUT)
                .writeValue(Path.of(args[7]).toFile(), result);
    }
}
