package dev.tide.server.dashboard;

import dev.tide.api.HourlyStats;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Tasks started, succeeded and failed per hour over the last hours, all types together: the overview's chart, and the
 * table beneath it for those who do not see the chart.
 */
public record Throughput(List<Hour> hours) {
    private static final DateTimeFormatter LABEL =
            DateTimeFormatter.ofPattern("HH:00").withZone(ZoneOffset.UTC);

    /** One hour's sums. */
    public record Hour(Instant start, long started, long succeeded, long failed, long retried) {
        public String label() {
            return LABEL.format(start);
        }
    }

    /** The {@code count} hours up to and including {@code lastHour}, hours without statistics as zeros. */
    static Throughput of(List<HourlyStats> rows, Instant lastHour, int count) {
        Map<Instant, long[]> sums = new LinkedHashMap<>();
        for (int i = count - 1; i >= 0; i--) {
            sums.put(lastHour.minus(i, ChronoUnit.HOURS), new long[4]);
        }
        for (HourlyStats row : rows) {
            long[] sum = sums.get(row.hour());
            if (sum != null) {
                sum[0] += row.started();
                sum[1] += row.succeeded();
                sum[2] += row.failed();
                sum[3] += row.retried();
            }
        }
        List<Hour> hours = new ArrayList<>();
        sums.forEach((start, s) -> hours.add(new Hour(start, s[0], s[1], s[2], s[3])));
        return new Throughput(hours);
    }

    /** The last hour's line. */
    public Hour lastHour() {
        return hours.get(hours.size() - 1);
    }

    public long succeededToday() {
        return hours.stream().mapToLong(Hour::succeeded).sum();
    }

    public long failedToday() {
        return hours.stream().mapToLong(Hour::failed).sum();
    }

    /** The chart's data, read by the dashboard's script with JSON.parse (never evaluated). */
    public String chartJson() {
        StringBuilder labels = new StringBuilder();
        StringBuilder succeeded = new StringBuilder();
        StringBuilder failed = new StringBuilder();
        for (Hour h : hours) {
            String sep = labels.isEmpty() ? "" : ",";
            labels.append(sep).append('"').append(h.label()).append('"');
            succeeded.append(sep).append(h.succeeded());
            failed.append(sep).append(h.failed());
        }
        return "{\"type\":\"bar\",\"labels\":[" + labels + "],\"series\":[{\"label\":\"succeeded\",\"data\":["
                + succeeded + "]},{\"label\":\"failed\",\"data\":[" + failed + "]}]}";
    }
}
