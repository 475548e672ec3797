package dev.tide.cli;

import dev.tide.api.HourlyStats;
import dev.tide.api.StatsQuery;
import dev.tide.api.json.Json;
import java.io.PrintWriter;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.time.temporal.IsoFields;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code tide stats}: the hourly statistics of a week (the current ISO week by default) or of a range, as a table of
 * one row per day and task type, then a total per type; {@code --hourly} gives one row per hour instead. Days and hours
 * are UTC; rows with nothing counted are left out.
 */
@Command(
        name = "stats",
        description = "Show tasks started, succeeded, failed, retried and expired, and units used, per day (or hour)"
                + " and task type: a week by default.")
final class StatsCommand implements Runnable {
    private static final DateTimeFormatter DAY =
            DateTimeFormatter.ofPattern("EEE yyyy-MM-dd", Locale.ROOT).withZone(ZoneOffset.UTC);
    private static final DateTimeFormatter HOUR =
            DateTimeFormatter.ofPattern("EEE yyyy-MM-dd HH:mm", Locale.ROOT).withZone(ZoneOffset.UTC);

    @Mixin
    TargetOptions target;

    @Option(names = "--week", paramLabel = "YYYY-Www", description = "An ISO week, e.g. 2026-W47 (default: this week).")
    String week;

    @Option(names = "--from", paramLabel = "TIME", description = "Start of a range: a date (UTC) or an ISO-8601 time.")
    String from;

    @Option(names = "--to", paramLabel = "TIME", description = "End of the range, exclusive.")
    String to;

    @Option(names = "--type", description = "Only this task type.")
    String type;

    @Option(
            names = "--queue",
            description = "Only the tasks of this queue (hours counted before statistics were kept per queue belong"
                    + " to none).")
    String queue;

    @Option(names = "--hourly", description = "One row per hour instead of per day.")
    boolean hourly;

    @Option(names = "--json", description = "Print the hourly rows as JSON.")
    boolean json;

    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        StatsQuery query = query();
        List<HourlyStats> hours;
        try (TargetOptions.Target t = target.openToRead("tide stats")) {
            hours = t.queue().monitoring().stats(query);
        }
        PrintWriter out = spec.commandLine().getOut();
        if (json) {
            out.println(Json.write(hours));
            out.flush();
            return;
        }
        out.println(title(query));
        if (hours.isEmpty()) {
            out.println("  nothing counted");
            out.flush();
            return;
        }
        Table table = new Table(
                hourly ? "HOUR" : "DAY", "TYPE", "STARTED", "SUCCEEDED", "FAILED", "RETRIED", "EXPIRED", "UNITS");
        Map<String, HourlyStats> rows = new LinkedHashMap<>();
        Map<String, HourlyStats> totals = new TreeMap<>();
        for (HourlyStats h : hours) {
            Instant period = hourly ? h.hour() : h.hour().truncatedTo(ChronoUnit.DAYS);
            String label = (hourly ? HOUR : DAY).format(period);
            rows.merge(label + "\u0000" + h.taskType(), h, HourlyStats::plus);
            totals.merge(h.taskType(), h, HourlyStats::plus);
        }
        rows.forEach((key, h) -> row(table, key.substring(0, key.indexOf('\u0000')), h));
        totals.forEach((t, h) -> row(table, "total", h));
        table.print(out);
    }

    private static void row(Table table, String label, HourlyStats h) {
        table.row(label, h.taskType(), h.started(), h.succeeded(), h.failed(), h.retried(), h.expired(), h.unitsUsed());
    }

    private StatsQuery query() {
        StatsQuery range;
        if (week != null) {
            if (from != null || to != null) {
                throw new IllegalArgumentException("give either --week or --from and --to, not both");
            }
            range = StatsQuery.week(week);
        } else if (from != null || to != null) {
            if (from == null || to == null) {
                throw new IllegalArgumentException("--from and --to go together");
            }
            range = new StatsQuery(StatsQuery.parseInstant("from", from), StatsQuery.parseInstant("to", to), null);
        } else {
            range = StatsQuery.weekOf(Instant.now());
        }
        return range.withType(type).withQueue(queue);
    }

    private String title(StatsQuery q) {
        String span = week != null || from == null
                ? "week " + isoWeek(q.from()) + " (" + DAY.format(q.from()) + " to "
                        + DAY.format(q.to().minus(1, ChronoUnit.DAYS)) + ", UTC)"
                : HOUR.format(q.from()) + " to " + HOUR.format(q.to()) + " UTC";
        return "Statistics, " + span + ", " + (q.type() == null ? "every task type" : "type " + q.type())
                + (q.queue() == null ? "" : ", queue " + q.queue());
    }

    private static String isoWeek(Instant monday) {
        var day = monday.atZone(ZoneOffset.UTC).toLocalDate();
        return String.format(
                Locale.ROOT,
                "%d-W%02d",
                day.get(IsoFields.WEEK_BASED_YEAR),
                day.get(IsoFields.WEEK_OF_WEEK_BASED_YEAR));
    }
}
