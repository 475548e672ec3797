package dev.tide.bench;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.io.PrintStream;
import java.util.List;

/**
 * What each capability costs on one store: batched enqueue and drain of the same no-op tasks with the capability in use
 * and through a plain fifo queue, in runs interleaved so that drift hits both, each on a fresh database.
 *
 * @param tasks tasks per run
 * @param rounds measured runs of each side per capability
 * @param plain every plain run of the phase of {@code tasks} tasks together: the baseline's absolute figures
 * @param capabilities one entry per capability, against the plain runs interleaved with its own
 */
record CapabilityCostResult(String store, int tasks, int rounds, Rates plain, List<Cost> capabilities) {

    /**
     * The rates of one side's runs, in the order they ran (tasks/s).
     *
     * @param duplicates handler runs beyond the first for a task, summed over the runs (0 unless something broke)
     */
    record Rates(List<Double> enqueueRates, List<Double> drainRates, long duplicates) {
        static Rates of(List<DrainResult> runs) {
            return new Rates(
                    runs.stream().map(DrainResult::enqueueRate).toList(),
                    runs.stream().map(DrainResult::drainRate).toList(),
                    runs.stream().mapToLong(DrainResult::duplicates).sum());
        }

        /** Batched enqueue, tasks/s: the median run's. */
        @JsonProperty
        double enqueueRate() {
            return median(enqueueRates);
        }

        /** Drain, tasks/s: the median run's. */
        @JsonProperty
        double drainRate() {
            return median(drainRates);
        }

        /** The middle value; the mean of the two middle ones when there is an even number. */
        static double median(List<Double> values) {
            List<Double> sorted = values.stream().sorted().toList();
            int middle = sorted.size() / 2;
            return sorted.size() % 2 == 1 ? sorted.get(middle) : (sorted.get(middle - 1) + sorted.get(middle)) / 2;
        }
    }

    /**
     * One capability against the plain queue.
     *
     * @param capability its name, e.g. {@code idempotency-key}
     * @param tasks tasks per run of both sides: fewer than the phase's for a capability too slow for its full size
     * @param description what is switched on, and how
     * @param plain the plain runs interleaved with this capability's
     */
    record Cost(String capability, int tasks, String description, Rates plain, Rates with) {
        /** The capability's batched enqueue rate as a share of the plain queue's (1.0 = it costs nothing). */
        @JsonProperty
        double enqueueRatio() {
            return with.enqueueRate() / plain.enqueueRate();
        }

        /** The capability's drain rate as a share of the plain queue's (1.0 = it costs nothing). */
        @JsonProperty
        double drainRatio() {
            return with.drainRate() / plain.drainRate();
        }
    }

    void print(PrintStream out) {
        out.printf(
                "%nCapabilities on %s: %,d no-op tasks enqueued in batches, then drained by one worker pool, each"
                        + " capability alone against a plain fifo queue in interleaved runs, each run on a fresh"
                        + " database (tasks/s, median of %d run%s of each side)%n",
                store, tasks, rounds, rounds == 1 ? "" : "s");
        out.printf(
                "%-22s %10s %10s %7s %10s %10s %7s %5s%n",
                "capability", "enqueue", "plain", "ratio", "drain", "plain", "ratio", "dups");
        out.printf(
                "%-22s %,10.0f %10s %7s %,10.0f %10s %7s %5d%n",
                Capability.PLAIN.label(), plain.enqueueRate(), "", "", plain.drainRate(), "", "", plain.duplicates());
        for (Cost c : capabilities) {
            out.printf(
                    "%-22s %,10.0f %,10.0f %6.2fx %,10.0f %,10.0f %6.2fx %5d%n",
                    c.capability(),
                    c.with().enqueueRate(),
                    c.plain().enqueueRate(),
                    c.enqueueRatio(),
                    c.with().drainRate(),
                    c.plain().drainRate(),
                    c.drainRatio(),
                    c.with().duplicates() + c.plain().duplicates());
        }
        out.println("  (ratio: the capability's rate over the plain runs' beside it; 1.00x = it costs nothing)");
        out.println("  " + Capability.PLAIN.label() + ": " + Capability.PLAIN.description());
        for (Cost c : capabilities) {
            out.println("  " + c.capability() + ": " + c.description()
                    + (c.tasks() == tasks ? "" : String.format(" (%,d tasks per run, both sides)", c.tasks())));
        }
    }
}
