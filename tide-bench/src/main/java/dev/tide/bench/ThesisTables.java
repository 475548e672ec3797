package dev.tide.bench;

import java.util.List;

/**
 * The thesis's own figures for its direct-versus-queued benchmark (seed 000, §5.2.2): tables 13 (seconds) and 15
 * (memory, MB) for each file size, and the largest files each way handled before PHP's memory limit. Kept so that the
 * report and the chart put Tide's figures beside them.
 */
final class ThesisTables {
    /** Table 15's last line: the most enrollments each way performed before running out of memory. */
    static final int LARGEST_DIRECT = 3189;

    static final int LARGEST_QUEUED = 3619;

    /** Table 13's average of queued time over direct time (its "Average 14.86%"). */
    static final double TIME_RATIO = 0.1486;

    /** Table 15's average of queued memory over direct memory (its "Average 90.79%"). */
    static final double MEMORY_RATIO = 0.9079;

    /** One size: the queued and direct seconds (table 13) and megabytes (table 15). */
    record Row(int lines, double queuedSeconds, double directSeconds, double queuedMb, double directMb) {
        double timeRatio() {
            return queuedSeconds / directSeconds;
        }

        double memoryRatio() {
            return queuedMb / directMb;
        }
    }

    static final List<Row> ROWS = List.of(
            new Row(25, 0.33, 1.66, 9.11, 9.25),
            new Row(100, 0.99, 5.00, 13.28, 13.99),
            new Row(200, 1.52, 10.12, 18.75, 20.36),
            new Row(300, 2.22, 15.17, 24.33, 26.61),
            new Row(400, 2.93, 20.44, 29.82, 33.10),
            new Row(500, 3.69, 25.79, 35.51, 39.35),
            new Row(600, 4.46, 31.41, 40.99, 45.59),
            new Row(700, 5.29, 37.04, 46.48, 51.85),
            new Row(800, 5.82, 43.74, 51.99, 58.32),
            new Row(900, 7.03, 47.55, 57.85, 64.80),
            new Row(1000, 7.45, 53.91, 63.35, 70.84),
            new Row(1500, 10.96, 86.90, 90.78, 101.42),
            new Row(2000, 14.76, 112.68, 119.06, 133.51),
            new Row(3000, 23.70, 174.16, 173.92, 195.26));

    /** The sizes the thesis measured, the phase's default. */
    static List<Integer> lines() {
        return ROWS.stream().map(Row::lines).toList();
    }

    private ThesisTables() {}
}
