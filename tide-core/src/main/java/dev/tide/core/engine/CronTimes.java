package dev.tide.core.engine;

import com.cronutils.model.Cron;
import com.cronutils.model.CronType;
import com.cronutils.model.definition.CronDefinitionBuilder;
import com.cronutils.model.time.ExecutionTime;
import com.cronutils.parser.CronParser;
import dev.tide.api.InvalidRequestException;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The firing instants of a cron expression read in a time zone.
 *
 * <p>Two syntaxes, told apart by the number of fields: five, as in crontab (minute hour day-of-month month
 * day-of-week), and six with seconds first (Spring's). The nicknames {@code @yearly}, {@code @monthly},
 * {@code @weekly}, {@code @daily} and {@code @hourly} stand for their five-field forms. cron-utils parses and matches;
 * it is asked only about local date-times (as if the zone were UTC), and the mapping of local times to instants is
 * Tide's own, so daylight-saving changes follow one documented rule:
 *
 * <ul>
 *   <li>Each matching local time fires once. In the repeated hour of a fall back it fires at its first occurrence only
 *       (a schedule every 15 minutes pauses through the repeated hour).
 *   <li>A local time skipped by a spring forward fires at the instant it would have had without the change: 02:30 in
 *       a gap of one hour fires at 03:30 new time, so a daily firing is never lost on the day of the change.
 * </ul>
 *
 * Walking forward ({@link #next}) and backward ({@link #previous}) give the same instants.
 */
public final class CronTimes {
    /** How many local candidates one step may pass over (the repeated hour of a schedule every second: 3600). */
    private static final int MAX_CANDIDATES = 10_000;

    private static final CronParser FIVE_FIELDS =
            new CronParser(CronDefinitionBuilder.instanceDefinitionFor(CronType.UNIX));
    private static final CronParser SIX_FIELDS =
            new CronParser(CronDefinitionBuilder.instanceDefinitionFor(CronType.SPRING));
    private static final Map<String, String> NICKNAMES = Map.of(
            "@yearly", "0 0 1 1 *",
            "@annually", "0 0 1 1 *",
            "@monthly", "0 0 1 * *",
            "@weekly", "0 0 * * 0",
            "@daily", "0 0 * * *",
            "@midnight", "0 0 * * *",
            "@hourly", "0 * * * *");

    private final ExecutionTime times;
    private final ZoneId zone;

    private CronTimes(ExecutionTime times, ZoneId zone) {
        this.times = times;
        this.zone = zone;
    }

    /** The expression's firings in {@code zone}; an expression that cannot be read is refused naming {@code cron}. */
    public static CronTimes parse(String expression, ZoneId zone) {
        if (expression == null || expression.isBlank()) {
            throw new InvalidRequestException("cron", "is required");
        }
        String text = NICKNAMES.getOrDefault(expression.trim().toLowerCase(java.util.Locale.ROOT), expression.trim());
        int fields = text.split("\\s+").length;
        CronParser parser = switch (fields) {
            case 5 -> FIVE_FIELDS;
            case 6 -> SIX_FIELDS;
            default ->
                throw new InvalidRequestException(
                        "cron",
                        "'" + expression + "' has " + fields + " fields; give five (minute hour day-of-month"
                                + " month day-of-week) or six with seconds first");
        };
        Cron cron;
        try {
            cron = parser.parse(text).validate();
        } catch (IllegalArgumentException e) {
            throw new InvalidRequestException(
                    "cron", "'" + expression + "' is not a valid expression: " + e.getMessage());
        }
        return new CronTimes(ExecutionTime.forCron(cron), zone);
    }

    /** The first firing strictly after {@code after}; empty when the expression never fires again. */
    public Optional<Instant> next(Instant after) {
        // Firings are on whole seconds: start from the second at or before (cron-utils keeps fractions).
        LocalDateTime local = LocalDateTime.ofInstant(after, zone).truncatedTo(ChronoUnit.SECONDS);
        for (int i = 0; i < MAX_CANDIDATES; i++) {
            Optional<ZonedDateTime> candidate = times.nextExecution(local.atZone(ZoneOffset.UTC));
            if (candidate.isEmpty()) {
                return Optional.empty();
            }
            local = candidate.get().toLocalDateTime();
            Instant at = instantOf(local);
            if (at.isAfter(after)) {
                return Optional.of(at);
            }
        }
        return Optional.empty();
    }

    /** The last firing strictly before {@code before}; empty when there is none. */
    public Optional<Instant> previous(Instant before) {
        // From the second at or after, so that a firing on the second before a fraction is found.
        LocalDateTime exact = LocalDateTime.ofInstant(before, zone);
        LocalDateTime local = exact.truncatedTo(ChronoUnit.SECONDS);
        if (!local.equals(exact)) {
            local = local.plusSeconds(1);
        }
        for (int i = 0; i < MAX_CANDIDATES; i++) {
            Optional<ZonedDateTime> candidate = times.lastExecution(local.atZone(ZoneOffset.UTC));
            if (candidate.isEmpty()) {
                return Optional.empty();
            }
            local = candidate.get().toLocalDateTime();
            Instant at = instantOf(local);
            if (at.isBefore(before)) {
                return Optional.of(at);
            }
        }
        return Optional.empty();
    }

    /** The next {@code count} firings strictly after {@code after} (fewer when the expression stops firing). */
    public List<Instant> upcoming(Instant after, int count) {
        List<Instant> out = new ArrayList<>(count);
        Instant at = after;
        while (out.size() < count) {
            Optional<Instant> next = next(at);
            if (next.isEmpty()) {
                break;
            }
            at = next.get();
            out.add(at);
        }
        return out;
    }

    /**
     * The instant of a local time: in an overlap its earlier offset (the first occurrence), in a gap shifted forward by
     * the gap's length (which is the instant the local time had under the offset before the change).
     */
    private Instant instantOf(LocalDateTime local) {
        return ZonedDateTime.of(local, zone).toInstant();
    }
}
