package dev.tide.core.simulate;

import dev.tide.api.InvalidRequestException;
import dev.tide.api.TaskType;
import java.time.DayOfWeek;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.EnumSet;
import java.util.Locale;
import java.util.Set;

/**
 * One stream of the workload: {@code count} tasks of {@code type} that arrive once at the start, every hour, or every
 * day at {@code at}, on the given days of the week. With a {@code jobType}, each arrival is one job of that type
 * holding the arrival's tasks, due when they are.
 *
 * @param units what each task costs against its profile's budgets; 1 when null
 * @param divisible whether a task may start with part of its units (the handler then does what it was granted and
 *     comes back for the rest)
 * @param deadlineAfter each task (and job) is due this long after it arrives; none when null
 * @param arrive {@code start}, {@code hourly} or {@code daily}
 * @param at for daily arrivals, the time of day; midnight when null
 * @param days the days of the week arrivals happen on; every day when null
 */
public record Arrivals(
        String type,
        String queue,
        Integer count,
        Integer units,
        Boolean divisible,
        Duration deadlineAfter,
        String arrive,
        LocalTime at,
        Set<DayOfWeek> days,
        String jobType,
        Integer priority) {

    public Arrivals {
        TaskType.requireName("type", type);
        if (queue != null) {
            TaskType.requireName("queue", queue);
        }
        if (count == null || count < 1 || count > 100_000) {
            throw new InvalidRequestException("count", "must be between 1 and 100000");
        }
        if (units != null && units < 1) {
            throw new InvalidRequestException("units", "must be at least 1");
        }
        if (deadlineAfter != null && (deadlineAfter.isNegative() || deadlineAfter.isZero())) {
            throw new InvalidRequestException("deadlineAfter", "must be positive");
        }
        arrive = arrive == null ? "start" : arrive.toLowerCase(Locale.ROOT);
        if (!Set.of("start", "hourly", "daily").contains(arrive)) {
            throw new InvalidRequestException("arrive", "must be start, hourly or daily");
        }
        if (at != null && !arrive.equals("daily")) {
            throw new InvalidRequestException("at", "only daily arrivals have a time of day");
        }
        at = at == null ? LocalTime.MIDNIGHT : at;
        if (days != null && days.isEmpty()) {
            throw new InvalidRequestException("days", "needs at least one day, or leave it out for every day");
        }
        days = days == null ? EnumSet.allOf(DayOfWeek.class) : EnumSet.copyOf(days);
        if (jobType != null) {
            TaskType.requireName("jobType", jobType);
        }
    }

    /**
     * Whether a batch arrives in the step {@code [from, until)} (wall-clock; a step is at most an hour long and divides
     * it, so at most one batch of a stream arrives in a step).
     */
    boolean arrivesIn(LocalDateTime from, LocalDateTime until, LocalDateTime start) {
        return switch (arrive) {
            case "start" -> from.equals(start);
            case "hourly" ->
                from.getMinute() == 0
                        && from.getSecond() == 0
                        && from.getNano() == 0
                        && days.contains(from.getDayOfWeek());
            default -> {
                LocalDateTime due = from.toLocalDate().atTime(at);
                yield days.contains(due.getDayOfWeek()) && !due.isBefore(from) && due.isBefore(until);
            }
        };
    }
}
