package dev.tide.api;

import java.time.DayOfWeek;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoUnit;
import java.time.temporal.IsoFields;
import java.time.temporal.TemporalAdjusters;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * Which hourly statistics to read: the hours starting in {@code [from, to)}, of every task type or one, of every queue
 * or one.
 *
 * @param from the first hour (an instant, rounded down to its UTC hour)
 * @param to the end, exclusive (rounded up to a UTC hour); at most {@value #MAX_DAYS} days after {@code from}
 * @param type only this task type; null for every type
 * @param queue only the tasks of this queue; null for every queue (hours counted before statistics were kept per
 *     queue count in no queue's)
 */
public record StatsQuery(
        Instant from,
        Instant to,
        @Nullable String type,
        @Nullable String queue) {
    public static final int MAX_DAYS = 400;

    private static final Pattern WEEK = Pattern.compile("(\\d{4})-W(\\d{1,2})");

    public StatsQuery {
        if (from == null) {
            throw new InvalidRequestException("from", "is required");
        }
        if (to == null) {
            throw new InvalidRequestException("to", "is required");
        }
        from = from.truncatedTo(ChronoUnit.HOURS);
        Instant down = to.truncatedTo(ChronoUnit.HOURS);
        to = down.equals(to) ? to : down.plus(Duration.ofHours(1));
        if (!to.isAfter(from)) {
            throw new InvalidRequestException("to", "must be after from (" + from + ")");
        }
        if (Duration.between(from, to).compareTo(Duration.ofDays(MAX_DAYS)) > 0) {
            throw new InvalidRequestException("to", "must be at most " + MAX_DAYS + " days after from");
        }
        if (type != null) {
            TaskType.requireName("type", type);
        }
        if (queue != null) {
            TaskType.requireName("queue", queue);
        }
    }

    /** The hours of every queue. */
    public StatsQuery(Instant from, Instant to, @Nullable String type) {
        this(from, to, type, null);
    }

    /** The ISO week (Monday 00:00 UTC to the next Monday) with this week-based year and number. */
    public static StatsQuery week(int weekBasedYear, int week) {
        LocalDate anyDay = LocalDate.of(weekBasedYear, 6, 1).with(IsoFields.WEEK_BASED_YEAR, weekBasedYear);
        long weeks = anyDay.range(IsoFields.WEEK_OF_WEEK_BASED_YEAR).getMaximum();
        if (week < 1 || week > weeks) {
            throw new InvalidRequestException("week", weekBasedYear + " has weeks 1 to " + weeks + ", not " + week);
        }
        LocalDate monday = anyDay.with(IsoFields.WEEK_OF_WEEK_BASED_YEAR, week)
                .with(TemporalAdjusters.previousOrSame(DayOfWeek.MONDAY));
        Instant start = monday.atStartOfDay(ZoneOffset.UTC).toInstant();
        return new StatsQuery(start, start.plus(Duration.ofDays(7)), null);
    }

    /** An ISO week written as {@code 2026-W47}. */
    public static StatsQuery week(String text) {
        Matcher m = text == null ? null : WEEK.matcher(text.strip());
        if (m == null || !m.matches()) {
            throw new InvalidRequestException("week", "'" + text + "' is not an ISO week such as 2026-W47");
        }
        return week(Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)));
    }

    /** The ISO week that holds {@code instant} (UTC). */
    public static StatsQuery weekOf(Instant instant) {
        LocalDate day = instant.atZone(ZoneOffset.UTC).toLocalDate();
        return week(day.get(IsoFields.WEEK_BASED_YEAR), day.get(IsoFields.WEEK_OF_WEEK_BASED_YEAR));
    }

    /** An instant as given in a query: ISO-8601 ({@code 2026-11-16T00:00:00Z}) or a date ({@code 2026-11-16}, UTC). */
    public static Instant parseInstant(String field, String text) {
        try {
            return text.length() == 10
                    ? LocalDate.parse(text).atStartOfDay(ZoneOffset.UTC).toInstant()
                    : Instant.parse(text);
        } catch (DateTimeParseException e) {
            throw new InvalidRequestException(
                    field,
                    "'" + text + "' is not an instant such as 2026-11-16T00:00:00Z or a date such as 2026-11-16");
        }
    }

    public StatsQuery withType(String value) {
        return new StatsQuery(from, to, value, queue);
    }

    public StatsQuery withQueue(String value) {
        return new StatsQuery(from, to, type, value);
    }
}
