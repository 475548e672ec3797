package dev.tide.server.dashboard;

import dev.tide.api.InvalidRequestException;
import dev.tide.api.ProfileEntry;
import dev.tide.api.ProfileLimits;
import java.time.DateTimeException;
import java.time.DayOfWeek;
import java.time.LocalTime;
import java.time.ZoneId;
import java.util.EnumSet;
import java.util.Set;

/**
 * The form that adds an entry to a profile, as typed: kept as text so a refused entry comes back with what the person
 * typed. Whether the entry fits the profile is for the engine to say (its overlap rule); this only reads the fields.
 *
 * @param zone the zone the times were typed in (the grid's); the entry keeps it only when it is not the profile's
 */
public record ProfileEntryForm(
        String name,
        Set<DayOfWeek> days,
        String from,
        String until,
        String zone,
        String maxPerHour,
        String maxPerSession,
        String precedence) {

    /** An empty form whose times are read in {@code zone}. */
    public static ProfileEntryForm empty(ZoneId zone) {
        return new ProfileEntryForm("", Set.of(), "", "", ProfileText.zone(zone), "", "", "0");
    }

    static ProfileEntryForm read(PageContext page) {
        Set<DayOfWeek> days = EnumSet.noneOf(DayOfWeek.class);
        for (String day : page.ctx().formParams("day")) {
            try {
                days.add(DayOfWeek.valueOf(day));
            } catch (IllegalArgumentException e) {
                throw new InvalidRequestException("day", "'" + day + "' is not a day of the week");
            }
        }
        return new ProfileEntryForm(
                text(page.form("name")),
                Set.copyOf(days),
                text(page.form("from")),
                text(page.form("until")),
                text(page.form("zone")),
                text(page.form("maxPerHour")),
                text(page.form("maxPerSession")),
                text(page.form("precedence")));
    }

    public boolean has(DayOfWeek day) {
        return days.contains(day);
    }

    /** The entry the form describes; {@link InvalidRequestException} naming the field that cannot be read. */
    ProfileEntry entry(ZoneId profileZone) {
        if (name.isEmpty()) {
            throw new InvalidRequestException("name", "name the entry");
        }
        if (days.isEmpty()) {
            throw new InvalidRequestException("day", "pick at least one day (or select cells of the grid)");
        }
        ZoneId typedIn = zone(profileZone);
        Long perHour = maxPerHour.isEmpty() ? null : (Long) whole("maxPerHour", maxPerHour, true);
        Integer perSession = maxPerSession.isEmpty() ? null : (Integer) whole("maxPerSession", maxPerSession, false);
        int rank = precedence.isEmpty() ? 0 : (Integer) whole("precedence", precedence, false);
        ProfileEntry entry = ProfileEntry.of(
                        name,
                        days,
                        time("from", from),
                        time("until", until),
                        new ProfileLimits(perHour, perSession, null, null, null))
                .withPrecedence(rank);
        return typedIn.normalized().equals(profileZone.normalized()) ? entry : entry.withZone(typedIn);
    }

    private ZoneId zone(ZoneId profileZone) {
        if (zone.isEmpty()) {
            return profileZone;
        }
        try {
            return ZoneId.of(zone);
        } catch (DateTimeException e) {
            throw new InvalidRequestException("zone", "'" + zone + "' is not a time zone (e.g. Europe/Paris)");
        }
    }

    private static LocalTime time(String field, String text) {
        if (text.isEmpty()) {
            throw new InvalidRequestException(field, "give a time of day, e.g. 08:00");
        }
        try {
            return LocalTime.parse(text);
        } catch (DateTimeException e) {
            throw new InvalidRequestException(field, "'" + text + "' is not a time of day (HH:MM)");
        }
    }

    private static Number whole(String field, String text, boolean wide) {
        try {
            return wide ? (Number) Long.valueOf(text) : (Number) Integer.valueOf(text);
        } catch (NumberFormatException e) {
            throw new InvalidRequestException(field, "'" + text + "' is not a whole number");
        }
    }

    private static String text(String value) {
        return value == null ? "" : value;
    }
}
