package dev.tide.bench;

import java.util.Arrays;

/** Percentiles of a set of measured durations, in milliseconds. */
record Latencies(int count, double meanMillis, double p50Millis, double p95Millis, double p99Millis, double maxMillis) {

    static Latencies ofNanos(long[] nanos) {
        if (nanos.length == 0) {
            return new Latencies(0, 0, 0, 0, 0, 0);
        }
        long[] sorted = nanos.clone();
        Arrays.sort(sorted);
        return new Latencies(
                sorted.length,
                Arrays.stream(sorted).average().orElse(0) / 1e6,
                sorted[sorted.length / 2] / 1e6,
                sorted[Math.min(sorted.length - 1, (int) (sorted.length * 0.95))] / 1e6,
                sorted[Math.min(sorted.length - 1, (int) (sorted.length * 0.99))] / 1e6,
                sorted[sorted.length - 1] / 1e6);
    }

    @Override
    public String toString() {
        return String.format(
                "p50 %.2f ms, p99 %.2f ms, mean %.2f ms (%,d samples)", p50Millis, p99Millis, meanMillis, count);
    }
}
