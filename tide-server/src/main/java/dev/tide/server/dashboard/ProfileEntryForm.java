package dev.tide.server.dashboard;

import dev.tide.api.InvalidRequestException;
import dev.tide.api.NotFoundException;
import dev.tide.api.Profile;
import dev.tide.api.ProfileEntry;
import dev.tide.api.ProfileLimits;
import java.time.DateTimeException;
import java.time.DayOfWeek;
import java.time.LocalTime;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * The form that adds an entry to a profile or changes one, as typed: kept as text so a refused entry comes back with
 * what the person typed. Whether the entry fits the profile is for the engine to say (its overlap rule); this only
 * reads the fields.
 *
 * @param zone the zone the times were typed in (the grid's, or the changed entry's); the entry keeps it only when it is
 *     not the profile's, or when the changed entry named it
 * @param original the name of the entry being changed; "" when the form adds one
 */
public record ProfileEntryForm(
        String name,
        Set<DayOfWeek> days,
        String from,
        String until,
        String zone,
        String maxPerHour,
        String maxPerSession,
        String precedence,
        String original) {

    /** An empty form that adds an entry, whose times are read in {@code zone}. */
    public static ProfileEntryForm empty(ZoneId zone) {
        return new ProfileEntryForm("", Set.of(), "", "", ProfileText.zone(zone), "", "", "0", "");
    }

    /** The form that changes {@code entry}, filled with it (its times in its own zone). */
    public static ProfileEntryForm of(Profile profile, ProfileEntry entry) {
        return new ProfileEntryForm(
                entry.name(),
                entry.days(),
                entry.from().toString(),
                entry.until().toString(),
                ProfileText.zone(profile.zoneOf(entry)),
                FormLimits.text(entry.limits().maxPerHour()),
                FormLimits.text(entry.limits().maxPerSession()),
                String.valueOf(entry.precedence()),
                entry.name());
    }

    /** The form as posted; {@code changing} when it changes an entry, named by its field {@code entry}. */
    static ProfileEntryForm read(PageContext page, boolean changing) {
        Set<DayOfWeek> days = EnumSet.noneOf(DayOfWeek.class);
        for (String day : page.ctx().formParams("day")) {
            try {
                days.add(DayOfWeek.valueOf(day));
            } catch (IllegalArgumentException e) {
                throw new InvalidRequestException("day", "'" + day + "' is not a day of the week");
            }
        }
        String original = text(page.form("entry"));
        if (changing && original.isEmpty()) {
            throw new InvalidRequestException("entry", "name the entry to change");
        }
        return new ProfileEntryForm(
                text(page.form("name")),
                Set.copyOf(days),
                text(page.form("from")),
                text(page.form("until")),
                text(page.form("zone")),
                text(page.form("maxPerHour")),
                text(page.form("maxPerSession")),
                text(page.form("precedence")),
                changing ? original : "");
    }

    public boolean has(DayOfWeek day) {
        return days.contains(day);
    }

    /** Whether the form changes an entry rather than adding one. */
    public boolean changing() {
        return !original.isEmpty();
    }

    /**
     * The profile's entries with the form's: added last, or in the changed entry's place (404 when it is gone). Every
     * field is read here ({@link InvalidRequestException} naming the one that cannot be), but whether the entries fit
     * together is left to {@link Profile}.
     */
    List<ProfileEntry> applyTo(Profile profile) {
        List<ProfileEntry> entries = new ArrayList<>(profile.entries());
        if (!changing()) {
            entries.add(entry(profile, null));
            return entries;
        }
        int at = indexOf(profile, original);
        entries.set(at, entry(profile, entries.get(at)));
        return entries;
    }

    /** Where the entry named {@code name} stands in the profile; {@link NotFoundException} if nowhere. */
    static int indexOf(Profile profile, String name) {
        for (int i = 0; i < profile.entries().size(); i++) {
            if (profile.entries().get(i).name().equals(name)) {
                return i;
            }
        }
        throw new NotFoundException("entry " + name + " of " + profile.key());
    }

    /**
     * The entry the form describes. A changed entry keeps what the form does not show (its concurrency, boost, load
     * scaling and load condition), and the zone it named.
     */
    private ProfileEntry entry(Profile profile, ProfileEntry changed) {
        if (name.isEmpty()) {
            throw new InvalidRequestException("name", "name the entry");
        }
        if (days.isEmpty()) {
            throw new InvalidRequestException("day", "pick at least one day (or select cells of the grid)");
        }
        ZoneId typedIn = !zone.isEmpty()
                ? Zones.parse("zone", zone)
                : changed == null ? profile.zone() : profile.zoneOf(changed);
        ProfileLimits limits = FormLimits.over(
                changed == null ? ProfileLimits.UNLIMITED : changed.limits(), maxPerHour, maxPerSession);
        Integer rank = Numbers.whole("precedence", precedence.isEmpty() ? null : precedence);
        ProfileEntry entry = new ProfileEntry(
                name,
                days,
                time("from", from),
                time("until", until),
                null,
                rank == null ? 0 : rank,
                limits,
                changed == null ? null : changed.when());
        boolean keepsItsZone = changed != null && changed.zone() != null && same(changed.zone(), typedIn);
        return keepsItsZone || !same(typedIn, profile.zone()) ? entry.withZone(typedIn) : entry;
    }

    private static boolean same(ZoneId a, ZoneId b) {
        return a.normalized().equals(b.normalized());
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

    private static String text(String value) {
        return value == null ? "" : value;
    }
}
