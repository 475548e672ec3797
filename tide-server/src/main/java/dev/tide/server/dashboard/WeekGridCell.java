package dev.tide.server.dashboard;

import java.time.DayOfWeek;
import java.time.Instant;
import java.util.List;
import java.util.stream.Collectors;

/**
 * One hour of one day of the week grid, on the viewer's wall clock: what holds during it, in one part or several.
 *
 * @param day the day of the week, for the form a selection fills
 * @param hour 0 to 23
 * @param parts the stretches of the hour in time order: none when the clock skips the hour (daylight saving begins),
 *     two passes when it repeats it, and one part per entry when the entry in force changes inside the hour
 */
public record WeekGridCell(DayOfWeek day, int hour, List<WeekGridPart> parts) {

    /** Whether the clock skips this hour on this day (no instant has this wall-clock hour). */
    public boolean skipped() {
        return parts.isEmpty();
    }

    /** Whether the cell is drawn split, with each part's exact times. */
    public boolean split() {
        return parts.size() > 1;
    }

    /** Whether the clock passes this hour twice (the parts have two offsets). */
    public boolean repeated() {
        return parts.stream().map(WeekGridPart::offset).distinct().count() > 1;
    }

    /** The colour of the cell: its first part's (a split cell shows each part's own colour). */
    public int level() {
        return parts.isEmpty() ? -1 : parts.get(0).level();
    }

    /** Whether the instant falls in this hour. */
    public boolean holds(Instant at) {
        return parts.stream().anyMatch(p -> p.holds(at));
    }

    /**
     * The cell's accessible name, which a screen reader announces as the keyboard moves over the grid: its day, hour and
     * what holds, e.g. "Mon 6 Jan, 12:00–13:00: 12:00–12:30 100/h, office; 12:30–13:00 10/h, lunch, boost 1".
     *
     * @param dayLabel the day as its column is headed ("Mon 6 Jan")
     */
    public String label(String dayLabel) {
        String hour = dayLabel + ", " + fromText() + "–" + untilText() + ": ";
        if (skipped()) {
            return hour + "skipped, the clock jumps over this hour";
        }
        if (!split()) {
            return hour + parts.get(0).describe();
        }
        return hour
                + parts.stream()
                        .map(p -> p.times() + (repeated() ? " (" + p.offset().getId() + ")" : "") + " " + p.describe())
                        .collect(Collectors.joining("; "));
    }

    /** "08:00" */
    public String fromText() {
        return String.format("%02d:00", hour);
    }

    /** "09:00"; "00:00" after the last hour of the day. */
    public String untilText() {
        return String.format("%02d:00", (hour + 1) % 24);
    }
}
