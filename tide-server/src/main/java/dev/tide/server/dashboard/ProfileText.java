package dev.tide.server.dashboard;

import dev.tide.api.LoadCondition;
import dev.tide.api.ProfileEntry;
import dev.tide.api.ProfileLimits;
import java.time.DayOfWeek;
import java.time.format.TextStyle;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;

/** A profile's parts as the pages write them: "Mon Tue Wed", "100/h, session 30", "requests ≥ 300". */
public final class ProfileText {
    private ProfileText() {}

    /** A zone as people write it: "UTC" rather than Java's "Z". */
    public static String zone(java.time.ZoneId zone) {
        return zone.equals(java.time.ZoneOffset.UTC) ? "UTC" : zone.getId();
    }

    /** The days in week order, short: "Mon Tue Fri"; "every day" for all seven. */
    public static String days(Set<DayOfWeek> days) {
        if (days.size() == 7) {
            return "every day";
        }
        return days.stream().sorted().map(ProfileText::day).collect(Collectors.joining(" "));
    }

    public static String day(DayOfWeek day) {
        return day.getDisplayName(TextStyle.SHORT, Locale.ENGLISH);
    }

    /** The hourly limit: "100/h", "paused", "no limit". */
    public static String perHour(Long maxPerHour) {
        return maxPerHour == null ? "no limit" : maxPerHour == 0 ? "paused" : maxPerHour + "/h";
    }

    /** Every limit there is: "100/h, session 30, concurrency 4, boost 2, scaled by cpu down to 10/h". */
    public static String limits(ProfileLimits limits) {
        StringBuilder out = new StringBuilder(perHour(limits.maxPerHour()));
        if (limits.maxPerSession() != null) {
            out.append(", session ").append(limits.maxPerSession());
        }
        if (limits.concurrency() != null) {
            out.append(", concurrency ").append(limits.concurrency());
        }
        if (limits.priorityBoost() != null && limits.priorityBoost() > 0) {
            out.append(", boost ").append(limits.priorityBoost());
        }
        if (limits.scaling() != null) {
            out.append(", scaled by ")
                    .append(limits.scaling().signal())
                    .append(" down to ")
                    .append(limits.scaling().minPerHour())
                    .append("/h");
        }
        return out.toString();
    }

    /** "requests ≥ 300 and < 500 (mean of the past 4 weeks)"; "" for none. */
    public static String condition(LoadCondition when) {
        if (when == null) {
            return "";
        }
        StringBuilder out = new StringBuilder(when.signal());
        if (when.atLeast() != null) {
            out.append(" ≥ ").append(number(when.atLeast()));
        }
        if (when.below() != null) {
            out.append(when.atLeast() != null ? " and" : "").append(" < ").append(number(when.below()));
        }
        if (when.pastWeeks() != null) {
            out.append(" (mean of the past ").append(when.pastWeeks()).append(" weeks)");
        }
        return out.toString();
    }

    /** A conditional entry on the hours it covers: "busy if requests ≥ 300: 50/h, boost 2". */
    public static String conditional(ProfileEntry entry) {
        return entry.name() + " if " + condition(entry.when()) + ": " + limits(entry.limits());
    }

    private static String number(double value) {
        return value == Math.rint(value) ? String.valueOf((long) value) : String.valueOf(value);
    }
}
