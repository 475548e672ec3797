package dev.tide.bench;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Tide against the others on one database: the ratio of Tide's drain rate to each peer's, and Tide's rates as a share
 * of the storage ceiling's.
 *
 * @param drainRatios Tide's drain rate divided by each peer's, by peer name
 * @param ceilingDrainShare Tide's drain rate over the ceiling's (0.4 = 40%); null without a ceiling run
 * @param ceilingEnqueueShare the same for enqueueing
 */
record Comparison(String store, Map<String, Double> drainRatios, Double ceilingDrainShare, Double ceilingEnqueueShare) {

    /** What the issue asks of Tide: at least these multiples of each peer's drain rate, and of the ceiling's. */
    static final Map<String, Double> PEER_TARGETS = Map.of(QueueSystems.DB_SCHEDULER, 3.0, QueueSystems.JOBRUNR, 5.0);

    static final double CEILING_TARGET = 0.40;

    static Optional<Comparison> of(String store, List<DrainResult> results) {
        List<DrainResult> here =
                results.stream().filter(r -> r.store().equals(store)).toList();
        Optional<DrainResult> tide = find(here, QueueSystems.TIDE);
        if (tide.isEmpty()) {
            return Optional.empty();
        }
        Map<String, Double> ratios = new LinkedHashMap<>();
        for (DrainResult r : here) {
            if (PEER_TARGETS.containsKey(r.system())) {
                ratios.put(r.system(), tide.get().drainRate() / r.drainRate());
            }
        }
        Optional<DrainResult> ceiling = find(here, QueueSystems.CEILING);
        return Optional.of(new Comparison(
                store,
                ratios,
                ceiling.map(c -> tide.get().drainRate() / c.drainRate()).orElse(null),
                ceiling.map(c -> tide.get().enqueueRate() / c.enqueueRate()).orElse(null)));
    }

    private static Optional<DrainResult> find(List<DrainResult> results, String system) {
        return results.stream().filter(r -> r.system().equals(system)).findFirst();
    }
}
