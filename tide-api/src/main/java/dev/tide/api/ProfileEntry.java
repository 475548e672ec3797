package dev.tide.api;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.time.DayOfWeek;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneId;
import java.util.EnumSet;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * One directive of a profile (the thesis's profile entry): on these days, from this time of day until that one, these
 * limits apply.
 *
 * <p>The window is half open, {@code [from, until)}, in wall-clock time of the entry's zone. When {@code until} is not
 * after {@code from} the window crosses midnight and ends on the next day; {@code days} are the days on which a window
 * <em>starts</em>. So {@code fri 22:00-06:00} holds from Friday 22:00 to Saturday 06:00, and {@code from == until}
 * holds for 24 hours from {@code from}.
 *
 * @param name names the entry in errors, events and statistics; unique within its profile
 * @param days the days of the week the window starts on; at least one
 * @param zone the time zone of the window and of the hours counted while it is in force; null for the profile's
 * @param precedence when several entries hold at once, the highest precedence wins; entries that can hold at once
 *     must not share a precedence
 * @param when an optional load condition: the entry holds only while it is true as well
 */
public record ProfileEntry(
        String name,
        Set<DayOfWeek> days,
        LocalTime from,
        LocalTime until,
        @Nullable ZoneId zone,
        int precedence,
        ProfileLimits limits,
        @Nullable LoadCondition when) {

    public ProfileEntry {
        TaskType.requireName("entries.name", name);
        if (days == null || days.isEmpty()) {
            throw new InvalidRequestException("entries." + name + ".days", "needs at least one day of the week");
        }
        days = Set.copyOf(EnumSet.copyOf(days));
        if (from == null) {
            throw new InvalidRequestException("entries." + name + ".from", "is required");
        }
        if (until == null) {
            throw new InvalidRequestException("entries." + name + ".until", "is required");
        }
        if (limits == null) {
            throw new InvalidRequestException("entries." + name + ".limits", "is required");
        }
    }

    /** From JSON, where a left-out precedence is 0. */
    @JsonCreator
    static ProfileEntry fromJson(
            @JsonProperty("name") String name,
            @JsonProperty("days") Set<DayOfWeek> days,
            @JsonProperty("from") LocalTime from,
            @JsonProperty("until") LocalTime until,
            @JsonProperty("zone") @Nullable ZoneId zone,
            @JsonProperty("precedence") Integer precedence,
            @JsonProperty("limits") ProfileLimits limits,
            @JsonProperty("when") @Nullable LoadCondition when) {
        return new ProfileEntry(name, days, from, until, zone, precedence == null ? 0 : precedence, limits, when);
    }

    public static ProfileEntry of(
            String name, Set<DayOfWeek> days, LocalTime from, LocalTime until, ProfileLimits limits) {
        return new ProfileEntry(name, days, from, until, null, 0, limits, null);
    }

    public ProfileEntry withZone(ZoneId value) {
        return new ProfileEntry(name, days, from, until, value, precedence, limits, when);
    }

    public ProfileEntry withPrecedence(int value) {
        return new ProfileEntry(name, days, from, until, zone, value, limits, when);
    }

    public ProfileEntry when(LoadCondition condition) {
        return new ProfileEntry(name, days, from, until, zone, precedence, limits, condition);
    }

    /** Whether the window crosses midnight (or lasts a whole day). */
    public boolean crossesMidnight() {
        return !until.isAfter(from);
    }

    /** Whether the instant falls in the window, read on the wall clock of {@code zone}. */
    public boolean covers(Instant at, @Nullable ZoneId zone) {
        LocalDateTime local = LocalDateTime.ofInstant(at, zone);
        DayOfWeek day = local.getDayOfWeek();
        LocalTime time = local.toLocalTime();
        if (!crossesMidnight()) {
            return days.contains(day) && !time.isBefore(from) && time.isBefore(until);
        }
        return (days.contains(day) && !time.isBefore(from)) || (days.contains(day.minus(1)) && time.isBefore(until));
    }
}
