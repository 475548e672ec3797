package dev.tide.bench;

import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * One system's run of the drain benchmark on one database.
 *
 * @param enqueueSeconds time to enqueue every task, durably
 * @param drainSeconds time from starting the workers until every completion was durable
 * @param duplicates handler runs beyond the first for a task (0 in a run without crashes)
 */
record DrainResult(
        String system,
        String store,
        int tasks,
        double enqueueSeconds,
        double drainSeconds,
        long duplicates,
        String settings) {

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
