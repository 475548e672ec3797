package dev.tide.server.dashboard;

import dev.tide.api.ProfileLimits;
import java.time.Instant;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.util.Arrays;
import java.util.List;

/**
 * A stretch of one hour of the week grid during which one entry of the profile is in force (or its default).
 *
 * @param start the first instant of the stretch
 * @param end the instant after its last
 * @param from its start on the viewer's wall clock
 * @param until its end on the viewer's wall clock, read in the stretch's own offset (so the first pass of a repeated
 *     hour ends at 03:00, not at the 02:00 the clock goes back to)
 * @param offset the viewer zone's offset during the stretch: two stretches of a cell with different offsets are the
 *     two passes of a repeated hour
 * @param entry the entry in force; null for the profile's default
 * @param limits what it allows
 * @param level the colour of its hourly limit: 0 paused, 1 to 5 from the lowest limit of the week to the highest, 6
 *     no limit
 * @param conditional entries with a load condition that cover the stretch, and win when their condition holds
 */
public record WeekGridPart(
        Instant start,
        Instant end,
        LocalTime from,
        LocalTime until,
        ZoneOffset offset,
        String entry,
        ProfileLimits limits,
        int level,
        List<String> conditional) {

    /** The hourly limit as the cell shows it: "100/h", "paused" or "no limit". */
    public String limitText() {
        return ProfileText.perHour(limits.maxPerHour());
    }

    /** Who holds: the entry's name or "default". */
    public String entryText() {
        return entry == null ? "default" : entry;
    }

    /** "02:30–03:00", the stretch's exact times on the viewer's clock. */
    public String times() {
        return from + "–" + until;
    }

    /** The session limit as shown, or null when there is none. */
    public String sessionText() {
        Integer max = limits.maxPerSession();
        return max == null ? null : "session " + max;
    }

    /** The priority boost as shown, or null when there is none. */
    public String boostText() {
        Integer boost = limits.priorityBoost();
        return boost == null || boost == 0 ? null : "boost " + boost;
    }

    /** The load signal that scales the limit, as shown, or null. */
    public String scalingText() {
        return limits.scaling() == null
                ? null
                : "scaled by " + limits.scaling().signal() + " down to "
                        + limits.scaling().minPerHour() + "/h";
    }

    /** What holds, in words: "10/h, lunch, session 5, boost 1, or busy if requests ≥ 300: 20/h". */
    public String describe() {
        StringBuilder out = new StringBuilder(limitText()).append(", ").append(entryText());
        for (String more : Arrays.asList(sessionText(), boostText(), scalingText())) {
            if (more != null) {
                out.append(", ").append(more);
            }
        }
        conditional.forEach(c -> out.append(", or ").append(c));
        return out.toString();
    }

    /** Whether the instant falls in the stretch. */
    public boolean holds(Instant at) {
        return !at.isBefore(start) && at.isBefore(end);
    }
}
