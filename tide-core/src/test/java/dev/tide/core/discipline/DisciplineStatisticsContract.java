package dev.tide.core.discipline;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.withinPercentage;

import dev.tide.api.Ack;
import dev.tide.api.ClaimRequest;
import dev.tide.api.Discipline;
import dev.tide.api.LeasedTask;
import dev.tide.api.NewTask;
import dev.tide.api.QueueDefinition;
import dev.tide.api.UserShares;
import dev.tide.core.Tide;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.commons.statistics.inference.ChiSquareTest;
import org.junit.jupiter.api.Test;

/**
 * The statistical promises of the disciplines, with fixed seeds so each test gives the same answer every run.
 *
 * <p>Roulette: a queue picks each ready task with probability weight / sum of weights. With the ready set held
 * constant (every claimed task replaced by a new one of the same weight, so tasks keep arriving while others leave),
 * the picks of each weight class must fit their expected shares by a chi-square test.
 *
 * <p>Fair: users with allocations 1, 2, 3, 4 and 10 keep a constant backlog (every task claimed is replaced by a new
 * one of the same user) while four claimers take batches at once; over 10,000 claimed tasks each user's share must be
 * its allocation's share within 2%.
 */
abstract class DisciplineStatisticsContract {
    private static final double[] WEIGHTS = {1, 1, 1, 2, 2, 3, 3, 4, 5, 8};
    private static final int ROULETTE_CLAIMS = 3000;

    /** An engine on the store under test, drawing from {@code random}. */
    protected abstract Tide open(Random random);

    @Test
    void picksFollowTheWeightsWhileTasksArriveAndLeave() {
        try (Tide tide = open(new Random(20261123L))) {
            tide.queues().define(QueueDefinition.named("wheel").withDiscipline(Discipline.ROULETTE));
            for (double weight : WEIGHTS) {
                enqueue(tide, weight);
            }
            Map<Double, Long> picks = new LinkedHashMap<>();
            for (int i = 0; i < ROULETTE_CLAIMS; i++) {
                List<LeasedTask> claimed = tide.claim(ClaimRequest.of("wheel", "w", 1));
                assertThat(claimed).hasSize(1);
                double weight = claimed.get(0).task().weight();
                picks.merge(weight, 1L, Long::sum);
                tide.ack(Ack.succeed(claimed.get(0).lease()));
                enqueue(tide, weight);
            }

            double total = Arrays.stream(WEIGHTS).sum();
            Map<Double, Double> expectedPicks = new TreeMap<>();
            for (double w : WEIGHTS) {
                expectedPicks.merge(w, ROULETTE_CLAIMS * w / total, Double::sum);
            }
            double[] expected = expectedPicks.values().stream()
                    .mapToDouble(Double::doubleValue)
                    .toArray();
            long[] observed = expectedPicks.keySet().stream()
                    .mapToLong(w -> picks.getOrDefault(w, 0L))
                    .toArray();
            double p = ChiSquareTest.withDefaults().test(expected, observed).getPValue();
            assertThat(p)
                    .as("picks %s against expected %s", Arrays.toString(observed), Arrays.toString(expected))
                    .isGreaterThan(0.01);
        }
    }

    private static void enqueue(Tide tide, double weight) {
        tide.enqueue(NewTask.builder("spin").queue("wheel").weight(weight).build());
    }

    private static final Map<String, Integer> ALLOCATIONS = Map.of("u1", 1, "u2", 2, "u3", 3, "u4", 4, "u10", 10);
    private static final int BACKLOG = 20;
    private static final int FAIR_CLAIMS = 10_000;
    private static final int CLAIMERS = 4;
    private static final int BATCH = 10;

    @Test
    void sharesMatchAllocationsWithinTwoPercent() throws Exception {
        try (Tide tide = open(new Random(20261123L))) {
            tide.queues().define(QueueDefinition.named("fair").withDiscipline(Discipline.FAIR));
            ALLOCATIONS.forEach((user, allocation) -> {
                tide.queues().assignUsers("fair", new UserShares(Set.of(user), allocation, null));
                List<NewTask> backlog = new ArrayList<>();
                for (int i = 0; i < BACKLOG; i++) {
                    backlog.add(task(user));
                }
                tide.enqueueAll(backlog);
            });
            Map<String, AtomicLong> served = new ConcurrentHashMap<>();
            AtomicInteger claimed = new AtomicInteger();
            ExecutorService claimers = Executors.newFixedThreadPool(CLAIMERS);
            List<Future<?>> done = new ArrayList<>();
            for (int c = 0; c < CLAIMERS; c++) {
                String worker = "w" + c;
                done.add(claimers.submit(() -> {
                    while (claimed.get() < FAIR_CLAIMS) {
                        List<LeasedTask> batch = tide.claim(ClaimRequest.of("fair", worker, BATCH));
                        if (batch.isEmpty()) {
                            continue; // every user with tasks was held by another claimer's turn
                        }
                        claimed.addAndGet(batch.size());
                        List<Ack> acks = new ArrayList<>();
                        List<NewTask> replacements = new ArrayList<>();
                        for (LeasedTask task : batch) {
                            served.computeIfAbsent(task.task().owner(), k -> new AtomicLong())
                                    .incrementAndGet();
                            acks.add(Ack.succeed(task.lease()));
                            replacements.add(task(task.task().owner()));
                        }
                        tide.enqueueAll(replacements);
                        tide.ackAll(acks);
                    }
                    return null;
                }));
            }
            for (Future<?> f : done) {
                f.get();
            }
            claimers.shutdown();

            long total = served.values().stream().mapToLong(AtomicLong::get).sum();
            int allocations =
                    ALLOCATIONS.values().stream().mapToInt(Integer::intValue).sum();
            assertThat(total).isGreaterThanOrEqualTo(FAIR_CLAIMS);
            ALLOCATIONS.forEach((user, allocation) -> {
                double expected = (double) allocation / allocations;
                double observed = (double) served.get(user).get() / total;
                assertThat(observed)
                        .as("share of %s (allocation %d)", user, allocation)
                        .isCloseTo(expected, withinPercentage(2));
            });
        }
    }

    private static NewTask task(String user) {
        return NewTask.builder("t").queue("fair").owner(user).payloadJson("{}").build();
    }
}
