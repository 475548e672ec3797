package dev.tide.server.dashboard;

import java.time.LocalDate;
import java.util.List;

/**
 * One day of the week grid on the viewer's calendar.
 *
 * @param hours its 24 hours, 00:00 to 23:00
 * @param clockChanges the daylight-saving changes of the day, in the viewer's zone or the profile's (or an entry's),
 *     as shown: "Europe/Paris: 02:00 → 03:00"; empty on an ordinary day
 */
public record WeekGridDay(LocalDate date, List<WeekGridCell> hours, List<String> clockChanges) {

    /** Whether a clock changes on this day. */
    public boolean changesClock() {
        return !clockChanges.isEmpty();
    }

    /** "Mon 30 Mar" */
    public String label() {
        return date.getDayOfWeek().getDisplayName(java.time.format.TextStyle.SHORT, java.util.Locale.ENGLISH) + " "
                + date.getDayOfMonth() + " "
                + date.getMonth().getDisplayName(java.time.format.TextStyle.SHORT, java.util.Locale.ENGLISH);
    }
}
