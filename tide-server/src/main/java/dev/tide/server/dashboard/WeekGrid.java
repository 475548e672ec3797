package dev.tide.server.dashboard;

import dev.tide.api.LoadReadings;
import dev.tide.api.Profile;
import dev.tide.api.ProfileEntry;
import dev.tide.api.ProfileLimits;
import java.time.DayOfWeek;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.temporal.ChronoUnit;
import java.time.temporal.IsoFields;
import java.time.temporal.TemporalAdjusters;
import java.time.zone.ZoneOffsetTransition;
import java.time.zone.ZoneRules;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * A profile drawn as a week of 7 days by 24 hours on the wall clock of the zone a viewer picks, which may differ from
 * the profile's.
 *
 * <p>The entry in force is asked of the engine's own rule, {@link Profile#entryAt}, never worked out again here. It
 * can only change where some entry's window begins or ends (on its zone's clock), at a local midnight, or where a zone's
 * offset changes; so the week is cut at those instants and at the viewer's hour boundaries, the rule is asked once per
 * piece, and pieces of one hour with the same entry are joined. An hour whose entry changes inside it becomes a split
 * cell; an hour the viewer's clock skips has no part; an hour it repeats has one part per pass.
 *
 * <p>Load conditions are not guessed: the grid is drawn as the engine decides with no load reading (a conditional
 * entry does not hold), and the conditional entries that cover a part are listed on it.
 *
 * @param monday the first day of the week, on the viewer's calendar
 * @param zone the viewer's zone
 */
public record WeekGrid(Profile profile, ZoneId zone, LocalDate monday, List<WeekGridDay> days) {

    /** The grid of the week holding {@code anyDay} (Monday to Sunday), on the wall clock of {@code zone}. */
    public static WeekGrid of(Profile profile, ZoneId zone, LocalDate anyDay) {
        LocalDate monday = anyDay.with(TemporalAdjusters.previousOrSame(DayOfWeek.MONDAY));
        Instant weekStart = monday.atStartOfDay(zone).toInstant();
        Instant weekEnd = monday.plusDays(7).atStartOfDay(zone).toInstant();
        TreeSet<Instant> cuts = cuts(profile, weekStart, weekEnd);
        Levels levels = Levels.of(profile);

        List<List<List<WeekGridPart>>> parts = new ArrayList<>();
        for (int d = 0; d < 7; d++) {
            List<List<WeekGridPart>> hours = new ArrayList<>();
            for (int h = 0; h < 24; h++) {
                hours.add(new ArrayList<>());
            }
            parts.add(hours);
        }
        ZoneRules rules = zone.getRules();
        Instant at = weekStart;
        while (at.isBefore(weekEnd)) {
            Instant next = min(nextHour(at, zone), cuts.higher(at), weekEnd);
            LocalDateTime local = LocalDateTime.ofInstant(at, zone);
            int day = (int) ChronoUnit.DAYS.between(monday, local.toLocalDate());
            List<WeekGridPart> cell = parts.get(day).get(local.getHour());
            ZoneOffset offset = rules.getOffset(at);
            ProfileEntry entry = profile.entryAt(at, LoadReadings.NONE);
            String name = entry == null ? null : entry.name();
            WeekGridPart last = cell.isEmpty() ? null : cell.get(cell.size() - 1);
            if (last != null
                    && last.end().equals(at)
                    && last.offset().equals(offset)
                    && java.util.Objects.equals(last.entry(), name)) {
                cell.set(cell.size() - 1, part(profile, last.start(), next, offset, entry, levels));
            } else {
                cell.add(part(profile, at, next, offset, entry, levels));
            }
            at = next;
        }

        List<WeekGridDay> days = new ArrayList<>();
        for (int d = 0; d < 7; d++) {
            LocalDate date = monday.plusDays(d);
            List<WeekGridCell> hours = new ArrayList<>();
            for (int h = 0; h < 24; h++) {
                hours.add(new WeekGridCell(
                        date.getDayOfWeek(), h, List.copyOf(parts.get(d).get(h))));
            }
            days.add(new WeekGridDay(date, List.copyOf(hours), clockChanges(profile, zone, date)));
        }
        return new WeekGrid(profile, zone, monday, List.copyOf(days));
    }

    /** "2026-W13", the ISO week the grid shows. */
    public String week() {
        return weekOf(monday);
    }

    /** The ISO week holding a date: "2026-W13". */
    public static String weekOf(LocalDate date) {
        return String.format(
                "%d-W%02d", date.get(IsoFields.WEEK_BASED_YEAR), date.get(IsoFields.WEEK_OF_WEEK_BASED_YEAR));
    }

    public String previousWeek() {
        return weekOf(monday.minusWeeks(1));
    }

    public String nextWeek() {
        return weekOf(monday.plusWeeks(1));
    }

    /** The cell of a day (0 Monday) and hour (0 to 23). */
    public WeekGridCell cell(int day, int hour) {
        return days.get(day).hours().get(hour);
    }

    /** Every instant where the entry in force may change: windows' edges, local midnights, offset changes. */
    private static TreeSet<Instant> cuts(Profile profile, Instant weekStart, Instant weekEnd) {
        TreeSet<Instant> cuts = new TreeSet<>();
        Set<ZoneId> zones = new LinkedHashSet<>();
        zones.add(profile.zone());
        for (ProfileEntry entry : profile.entries()) {
            ZoneId zone = profile.zoneOf(entry);
            zones.add(zone);
            LocalDate first = LocalDate.ofInstant(weekStart, zone).minusDays(2);
            for (int d = 0; d < 11; d++) {
                for (LocalTime time : List.of(entry.from(), entry.until(), LocalTime.MIDNIGHT)) {
                    addWallClock(cuts, first.plusDays(d).atTime(time), zone);
                }
            }
        }
        for (ZoneId zone : zones) {
            ZoneOffsetTransition next = zone.getRules().nextTransition(weekStart.minus(Duration.ofDays(1)));
            while (next != null && next.getInstant().isBefore(weekEnd)) {
                cuts.add(next.getInstant());
                next = zone.getRules().nextTransition(next.getInstant());
            }
        }
        cuts.removeIf(at -> !at.isAfter(weekStart) || !at.isBefore(weekEnd));
        return cuts;
    }

    /** The instants a wall-clock time names: one, two in a repeated hour, the jump's in a skipped one. */
    private static void addWallClock(Set<Instant> into, LocalDateTime time, ZoneId zone) {
        ZoneRules rules = zone.getRules();
        for (ZoneOffset offset : rules.getValidOffsets(time)) {
            into.add(time.toInstant(offset));
        }
        ZoneOffsetTransition transition = rules.getTransition(time);
        if (transition != null && transition.isGap()) {
            into.add(transition.getInstant());
        }
    }

    /** The next instant after {@code at} where the viewer's clock enters another hour. */
    private static Instant nextHour(Instant at, ZoneId zone) {
        ZoneRules rules = zone.getRules();
        LocalDateTime hour =
                LocalDateTime.ofInstant(at, zone).truncatedTo(ChronoUnit.HOURS).plusHours(1);
        Instant byClock = ZonedDateTime.ofLocal(hour, zone, rules.getOffset(at)).toInstant();
        ZoneOffsetTransition jump = rules.nextTransition(at);
        Instant byJump = jump == null ? null : jump.getInstant();
        return min(byClock.isAfter(at) ? byClock : null, byJump, Instant.MAX);
    }

    private static Instant min(Instant a, Instant b, Instant c) {
        Instant min = c;
        if (a != null && a.isBefore(min)) {
            min = a;
        }
        if (b != null && b.isBefore(min)) {
            min = b;
        }
        return min;
    }

    private static WeekGridPart part(
            Profile profile, Instant start, Instant end, ZoneOffset offset, ProfileEntry entry, Levels levels) {
        ProfileLimits limits = entry != null
                ? entry.limits()
                : profile.otherwise() == null ? ProfileLimits.UNLIMITED : profile.otherwise();
        LocalDateTime from = LocalDateTime.ofInstant(start, offset);
        LocalTime until = from.plus(Duration.between(start, end)).toLocalTime();
        List<String> conditional = profile.entries().stream()
                .filter(e -> e.when() != null && e.covers(start, profile.zoneOf(e)))
                .map(ProfileText::conditional)
                .toList();
        return new WeekGridPart(
                start,
                end,
                from.toLocalTime(),
                until,
                offset,
                entry == null ? null : entry.name(),
                limits,
                levels.of(limits.maxPerHour()),
                conditional);
    }

    /** The daylight-saving changes during a day of the viewer's calendar, in every zone the profile is read in. */
    private static List<String> clockChanges(Profile profile, ZoneId viewer, LocalDate date) {
        Instant start = date.atStartOfDay(viewer).toInstant();
        Instant end = date.plusDays(1).atStartOfDay(viewer).toInstant();
        Set<ZoneId> zones = new LinkedHashSet<>();
        zones.add(viewer);
        zones.add(profile.zone());
        profile.entries().forEach(e -> zones.add(profile.zoneOf(e)));
        List<String> changes = new ArrayList<>();
        for (ZoneId zone : zones) {
            ZoneOffsetTransition t = zone.getRules().nextTransition(start.minusNanos(1));
            while (t != null && t.getInstant().isBefore(end)) {
                changes.add(zone.getId() + ": clocks go " + (t.isGap() ? "forward " : "back ")
                        + t.getDateTimeBefore().toLocalTime() + " → "
                        + t.getDateTimeAfter().toLocalTime());
                t = zone.getRules().nextTransition(t.getInstant());
            }
        }
        return List.copyOf(changes);
    }

    /** Colours hourly limits by rank: 0 paused, 1 to 5 from the week's lowest limit to its highest, 6 no limit. */
    private record Levels(List<Long> limits) {
        static Levels of(Profile profile) {
            TreeSet<Long> all = new TreeSet<>();
            profile.entries().forEach(e -> add(all, e.limits()));
            if (profile.otherwise() != null) {
                add(all, profile.otherwise());
            }
            return new Levels(List.copyOf(all));
        }

        private static void add(Set<Long> into, ProfileLimits limits) {
            if (limits.maxPerHour() != null && limits.maxPerHour() > 0) {
                into.add(limits.maxPerHour());
            }
        }

        int of(Long maxPerHour) {
            if (maxPerHour == null) {
                return 6;
            }
            if (maxPerHour == 0) {
                return 0;
            }
            int rank = limits.indexOf(maxPerHour);
            return limits.size() <= 1 ? 3 : 1 + (int) Math.round(4.0 * rank / (limits.size() - 1));
        }
    }
}
