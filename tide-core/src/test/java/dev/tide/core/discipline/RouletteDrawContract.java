package dev.tide.core.discipline;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tide.api.Ack;
import dev.tide.api.ClaimRequest;
import dev.tide.api.Discipline;
import dev.tide.api.LeasedTask;
import dev.tide.api.NewTask;
import dev.tide.api.QueueDefinition;
import dev.tide.core.Tide;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.apache.commons.statistics.inference.ChiSquareTest;
import org.junit.jupiter.api.Test;

/**
 * A roulette queue picks each ready task with probability weight / sum of weights: with the ready set held constant
 * (every claimed task replaced by a new one of the same weight, so tasks keep arriving while others leave), the picks
 * of each weight class must fit their expected shares by a chi-square test. The draws come from a fixed seed, so the
 * test gives the same answer every run.
 */
abstract class RouletteDrawContract {
    private static final double[] WEIGHTS = {1, 1, 1, 2, 2, 3, 3, 4, 5, 8};
    private static final int CLAIMS = 3000;

    /** An engine on the store under test, drawing from {@code random}. */
    protected abstract Tide open(Random random);

    @Test
    void picksFollowTheWeightsWhileTasksArriveAndLeave() {
        try (Tide tide = open(new Random(20261123L))) {
            tide.defineQueue(QueueDefinition.named("wheel").withDiscipline(Discipline.ROULETTE));
            for (double weight : WEIGHTS) {
                enqueue(tide, weight);
            }
            Map<Double, Long> picks = new LinkedHashMap<>();
            for (int i = 0; i < CLAIMS; i++) {
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
                expectedPicks.merge(w, CLAIMS * w / total, Double::sum);
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
}
