package dev.tide.bench;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.Comparator;
import java.util.List;

/**
 * One system's drain benchmark on one database: the median of its rounds.
 *
 * @param enqueueSeconds time to enqueue every task, durably
 * @param drainSeconds time from starting the workers until every completion was durable
 * @param duplicates handler runs beyond the first for a task, summed over every round (0 unless something broke)
 * @param drainBytesPerTask on SQLite, bytes written to storage per task while draining (WAL, checkpoints); null where
 *     not measured
 * @param roundDrainRates the drain rate of every round, in the order they ran
 */
record DrainResult(
        String system,
        String store,
        int tasks,
        double enqueueSeconds,
        double drainSeconds,
        long duplicates,
        String settings,
        Double drainBytesPerTask,
        List<Double> roundDrainRates) {

    /** The round with the median drain rate, carrying every round's rate and every round's duplicates. */
    static DrainResult median(List<DrainResult> rounds) {
        List<DrainResult> sorted = rounds.stream()
                .sorted(Comparator.comparingDouble(DrainResult::drainRate))
                .toList();
        DrainResult middle = sorted.get(sorted.size() / 2);
        return new DrainResult(
                middle.system,
                middle.store,
                middle.tasks,
                middle.enqueueSeconds,
                middle.drainSeconds,
                rounds.stream().mapToLong(DrainResult::duplicates).sum(),
                middle.settings,
                middle.drainBytesPerTask,
                rounds.stream().map(DrainResult::drainRate).toList());
    }

    @JsonProperty
    double enqueueRate() {
        return tasks / enqueueSeconds;
    }

    @JsonProperty
    double drainRate() {
        return tasks / drainSeconds;
    }

    /** Tasks per second over both phases together. */
    @JsonProperty
    double endToEndRate() {
        return tasks / (enqueueSeconds + drainSeconds);
    }
}
