package dev.tide.bench;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.io.PrintStream;
import java.util.Comparator;
import java.util.List;
import java.util.function.ToDoubleFunction;

/**
 * The campus phase's figures on one store: each file size imported both ways, and the largest file each way handled
 * within a small heap, beside the thesis's tables 13 to 15.
 *
 * @param rounds measured runs of each size each way, taking turns
 * @param heapMb the measured runs' heap limit
 * @param workers the queued way's worker pool concurrency
 * @param warmedUp whether each measured run imported a small file first
 * @param searchHeapMb the largest-file search's heap limit; 0 when it did not run
 * @param largestDirect the search's answer for the direct way; null when it did not run
 * @param largestQueued the same for the queued way
 */
record CampusResult(
        String store,
        int rounds,
        int heapMb,
        int workers,
        boolean warmedUp,
        List<Row> rows,
        int searchHeapMb,
        LargestFileSearch.Result largestDirect,
        LargestFileSearch.Result largestQueued) {

    /**
     * One file size, both ways: each way's median run (by the time to its last enrollment), and every run's time to
     * its last enrollment, in the order they ran. The ratios are queued over direct, as the thesis's "Queued Versus
     * Direct".
     */
    record Row(
            int lines,
            CampusImportRun.Result direct,
            CampusImportRun.Result queued,
            List<Double> directRoundSeconds,
            List<Double> queuedRoundSeconds) {

        static Row of(int lines, List<CampusImportRun.Result> direct, List<CampusImportRun.Result> queued) {
            return new Row(lines, median(direct), median(queued), seconds(direct), seconds(queued));
        }

        /** The middle run by time to the last enrollment (of an even number, the faster of the two middle ones). */
        private static CampusImportRun.Result median(List<CampusImportRun.Result> runs) {
            List<CampusImportRun.Result> sorted = runs.stream()
                    .sorted(Comparator.comparingDouble(CampusImportRun.Result::lastEnrollmentSeconds))
                    .toList();
            return sorted.get((sorted.size() - 1) / 2);
        }

        private static List<Double> seconds(List<CampusImportRun.Result> runs) {
            return runs.stream()
                    .map(CampusImportRun.Result::lastEnrollmentSeconds)
                    .toList();
        }

        @JsonProperty
        double requestRatio() {
            return queued.requestSeconds() / direct.requestSeconds();
        }

        @JsonProperty
        double lastEnrollmentRatio() {
            return queued.lastEnrollmentSeconds() / direct.lastEnrollmentSeconds();
        }

        @JsonProperty
        double peakHeapRatio() {
            return queued.heap().peakMb() / direct.heap().peakMb();
        }

        /** Heap in use after collections, queued over direct; null unless a collection ran in both imports. */
        @JsonProperty
        Double afterCollectionRatio() {
            Double q = queued.heap().afterCollectionMb();
            Double d = direct.heap().afterCollectionMb();
            return q == null || d == null ? null : q / d;
        }
    }

    /** The mean of the rows' request ratios. */
    @JsonProperty
    double meanRequestRatio() {
        return mean(Row::requestRatio);
    }

    /** The mean of the rows' last-enrollment ratios: what the thesis's table 13 averages to 14.86%. */
    @JsonProperty
    double meanLastEnrollmentRatio() {
        return mean(Row::lastEnrollmentRatio);
    }

    /** The mean of the rows' peak heap ratios: what the thesis's table 15 averages to 90.79%. */
    @JsonProperty
    double meanPeakHeapRatio() {
        return mean(Row::peakHeapRatio);
    }

    private double mean(ToDoubleFunction<Row> ratio) {
        return rows.stream().mapToDouble(ratio).average().orElse(Double.NaN);
    }

    void print(PrintStream out) {
        out.printf(
                "%nDirect versus queued enrollment import on %s (thesis tables 13 to 15), the median of %d runs each:"
                        + " each run a fresh JVM with -Xmx%dm and a fresh database, %s; queued by a worker pool of %d%n",
                store,
                rounds,
                heapMb,
                warmedUp ? "warmed up by a " + CampusBenchmark.WARMUP_LINES + "-line import first" : "cold",
                workers);
        out.printf(
                "%6s | %8s %9s %8s | %7s %7s | %7s %7s | %9s %9s %5s | %9s %9s | %10s %10s%n",
                "lines",
                "direct s",
                "q request",
                "q last s",
                "req q/d",
                "last q/d",
                "direct/s",
                "queued/s",
                "peak d MB",
                "peak q MB",
                "q/d",
                "gc'd d MB",
                "gc'd q MB",
                "alloc d MB",
                "alloc q MB");
        for (Row r : rows) {
            out.printf(
                    "%6d | %8.3f %9.4f %8.3f | %6.1f%% %7.1f%% | %7.0f %7.0f | %9.1f %9.1f %4.0f%% | %9s %9s | %10.1f %10.1f%n",
                    r.lines(),
                    r.direct().requestSeconds(),
                    r.queued().requestSeconds(),
                    r.queued().lastEnrollmentSeconds(),
                    100 * r.requestRatio(),
                    100 * r.lastEnrollmentRatio(),
                    r.direct().enrollmentsPerSecond(),
                    r.queued().enrollmentsPerSecond(),
                    r.direct().heap().peakMb(),
                    r.queued().heap().peakMb(),
                    100 * r.peakHeapRatio(),
                    megabytes(r.direct().heap().afterCollectionMb()),
                    megabytes(r.queued().heap().afterCollectionMb()),
                    r.direct().heap().allocatedMb(),
                    r.queued().heap().allocatedMb());
        }
        out.printf(
                "  means of the ratios: request %.1f%%, until the last enrollment %.1f%% (thesis 14.86%%), peak heap"
                        + " %.0f%% (thesis 90.79%%)%n",
                100 * meanRequestRatio(), 100 * meanLastEnrollmentRatio(), 100 * meanPeakHeapRatio());
        out.println("  peak: the heap pools' peaks since a collection and reset just before the import, garbage"
                + " included; gc'd: the most heap in use right after a collection during the import (- if none ran);"
                + " alloc: allocated by all threads during the import");
        if (largestDirect != null) {
            out.printf(
                    "  largest file within -Xmx%dm: direct %s, queued %s (thesis, in PHP's memory limit: 3,189 direct,"
                            + " 3,619 queued)%n",
                    searchHeapMb, largest(largestDirect), largest(largestQueued));
        }
    }

    private static String megabytes(Double mb) {
        return mb == null ? "-" : String.format("%.1f", mb);
    }

    static String largest(LargestFileSearch.Result r) {
        if (r.reachedCap()) {
            return String.format(">= %,d lines (the cap; it never ran out)", r.cap());
        }
        boolean timedOut = r.attempts().stream()
                .anyMatch(a -> a.lines() == r.failed() && a.outcome() == LargestFileSearch.Outcome.TIMED_OUT);
        return String.format(
                "%,d lines (%,d %s)",
                r.fits(), r.failed(), timedOut ? "still ran at its time limit" : "ran out of memory");
    }
}
