package dev.tide.bench;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tide.api.json.Json;
import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The figures of one bench result file, each one where more is better, by store and name. Read from the JSON tree
 * rather than into {@link BenchReport}, so a file written by an older revision's bench (which reports fewer phases, or
 * fields since renamed) reads too: what a file lacks is simply not among its figures.
 */
final class BenchFigures {
    /** A figure: the store it was measured on and what it is, e.g. ("sqlite", "tide drain, tasks/s"). */
    record Key(String store, String figure) {}

    private BenchFigures() {}

    static Map<Key, Double> read(Path file) throws IOException {
        return of(Json.mapper().readTree(file.toFile()));
    }

    static Map<Key, Double> of(JsonNode report) {
        Map<Key, Double> figures = new LinkedHashMap<>();
        for (JsonNode drain : report.path("drain")) {
            String system = drain.path("system").asText();
            put(figures, drain, system + " drain, tasks/s", drain.path("drainRate"), 1);
            put(figures, drain, system + " batched enqueue, tasks/s", drain.path("enqueueRate"), 1);
        }
        for (JsonNode comparison : report.path("comparisons")) {
            put(figures, comparison, "tide drain, % of the ceiling", comparison.path("ceilingDrainShare"), 100);
            put(
                    figures,
                    comparison,
                    "tide batched enqueue, % of the ceiling",
                    comparison.path("ceilingEnqueueShare"),
                    100);
        }
        for (JsonNode enqueue : report.path("durableEnqueue")) {
            put(figures, enqueue, "tide durable enqueue, tasks/s", enqueue.path("rate"), 1);
        }
        for (JsonNode fairness : report.path("fairness")) {
            put(figures, fairness, "tide fair drain, % of fifo", fairness.path("drainShare"), 100);
        }
        for (JsonNode store : report.path("capabilityCost")) {
            for (JsonNode cost : store.path("capabilities")) {
                String capability = "tide with " + cost.path("capability").asText();
                put(figures, store, capability + ", batched enqueue, % of plain", cost.path("enqueueRatio"), 100);
                put(figures, store, capability + ", drain, % of plain", cost.path("drainRatio"), 100);
            }
        }
        return figures;
    }

    private static void put(Map<Key, Double> figures, JsonNode entry, String figure, JsonNode value, double scale) {
        if (value.isNumber()) {
            figures.put(new Key(entry.path("store").asText(), figure), value.asDouble() * scale);
        }
    }
}
