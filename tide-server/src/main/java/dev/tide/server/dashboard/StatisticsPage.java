package dev.tide.server.dashboard;

import dev.tide.api.HourlyStats;
import dev.tide.api.InvalidRequestException;
import dev.tide.api.StatsQuery;
import dev.tide.api.TaskType;
import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Statistics per task type, by hour or by day (UTC) over the last day, week or month: a chart, and the table beneath
 * it.
 */
final class StatisticsPage {
    private final InstantSource clock;

    StatisticsPage(InstantSource clock) {
        this.clock = clock;
    }

    void addTo(PageRoutes pages) {
        pages.get("/statistics", page -> {
            page.view().requireReader("statistics");
            String type = page.query("type");
            if (type != null) {
                TaskType.requireName("type", type);
            }
            int days = days(page.query("days"));
            boolean byDay = "day".equals(page.query("by"));
            Instant now = clock.instant();
            List<HourlyStats> hours =
                    page.view().queue().monitoring().stats(new StatsQuery(now.minus(Duration.ofDays(days)), now, type));
            List<StatsRow> rows = rows(hours, byDay);
            page.render(
                    "statistics.jte",
                    "rows",
                    rows,
                    "type",
                    type == null ? "" : type,
                    "days",
                    days,
                    "byDay",
                    byDay,
                    "chart",
                    chart(rows, byDay));
        });
    }

    private static int days(String text) {
        if (text == null) {
            return 1;
        }
        return switch (text) {
            case "1", "7", "30" -> Integer.parseInt(text);
            default -> throw new InvalidRequestException("days", "'" + text + "' must be 1, 7 or 30");
        };
    }

    /** The statistics summed per period, all types together. */
    private static List<StatsRow> rows(List<HourlyStats> hours, boolean byDay) {
        Map<Instant, HourlyStats> sums = new TreeMap<>();
        for (HourlyStats h : hours) {
            Instant start = byDay ? h.hour().truncatedTo(ChronoUnit.DAYS) : h.hour();
            sums.merge(start, h, HourlyStats::plus);
        }
        List<StatsRow> rows = new ArrayList<>();
        sums.forEach((start, s) -> rows.add(new StatsRow(start, s.taskType(), s)));
        return rows;
    }

    private static String chart(List<StatsRow> rows, boolean byDay) {
        StringBuilder labels = new StringBuilder();
        StringBuilder succeeded = new StringBuilder();
        StringBuilder failed = new StringBuilder();
        StringBuilder retried = new StringBuilder();
        for (StatsRow r : rows) {
            String sep = labels.isEmpty() ? "" : ",";
            String label = r.start().atOffset(ZoneOffset.UTC).toString().substring(0, byDay ? 10 : 16);
            labels.append(sep).append('"').append(label).append('"');
            succeeded.append(sep).append(r.sums().succeeded());
            failed.append(sep).append(r.sums().failed());
            retried.append(sep).append(r.sums().retried());
        }
        return "{\"type\":\"bar\",\"labels\":[" + labels + "],\"series\":[{\"label\":\"succeeded\",\"data\":["
                + succeeded + "]},{\"label\":\"failed\",\"data\":[" + failed + "]},{\"label\":\"retried\",\"data\":["
                + retried + "]}]}";
    }
}
