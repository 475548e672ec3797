package dev.tide.api;

import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.zone.ZoneOffsetTransition;
import java.time.zone.ZoneRules;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * Refuses entries that can hold at the same instant with the same precedence, since nothing would decide between them.
 *
 * <p>Two unions of intervals meet if and only if one holds at an instant where the other's coverage begins. Coverage
 * begins where the wall clock reaches an entry's {@code from} (twice in a repeated hour) or where a zone's offset
 * changes (the wall clock jumps into a window). So every such instant of a whole year is tried, which covers both
 * daylight-saving changes of every zone and any two zones against each other.
 */
final class ProfileOverlaps {
    private static final LocalDate FIRST_DAY = LocalDate.of(2024, 1, 1);
    private static final int DAYS = 372;

    private ProfileOverlaps() {}

    static void refuse(List<ProfileEntry> entries, ZoneId profileZone) {
        for (int i = 0; i < entries.size(); i++) {
            for (int j = i + 1; j < entries.size(); j++) {
                ProfileEntry a = entries.get(i);
                ProfileEntry b = entries.get(j);
                if (a.precedence() != b.precedence() || conditionsExclude(a, b)) {
                    continue;
                }
                Instant both = firstCommonInstant(a, zoneOf(a, profileZone), b, zoneOf(b, profileZone));
                if (both != null) {
                    throw new InvalidRequestException(
                            "entries",
                            "'" + a.name() + "' and '" + b.name() + "' both hold at "
                                    + both.atZone(zoneOf(a, profileZone)).toLocalDateTime() + " "
                                    + zoneOf(a, profileZone)
                                    + " with precedence " + a.precedence() + "; give one of them another precedence");
                }
            }
        }
    }

    private static ZoneId zoneOf(ProfileEntry entry, ZoneId profileZone) {
        return entry.zone() != null ? entry.zone() : profileZone;
    }

    private static boolean conditionsExclude(ProfileEntry a, ProfileEntry b) {
        return a.when() != null && b.when() != null && a.when().excludes(b.when());
    }

    /** The earliest instant of the reference year at which both entries hold, or null. */
    static @Nullable Instant firstCommonInstant(ProfileEntry a, ZoneId zoneA, ProfileEntry b, ZoneId zoneB) {
        List<Instant> candidates = new ArrayList<>();
        addStarts(candidates, a, zoneA);
        addStarts(candidates, b, zoneB);
        addTransitions(candidates, zoneA);
        addTransitions(candidates, zoneB);
        return candidates.stream()
                .filter(at -> a.covers(at, zoneA) && b.covers(at, zoneB))
                .min(Instant::compareTo)
                .orElse(null);
    }

    private static void addStarts(List<Instant> into, ProfileEntry entry, ZoneId zone) {
        ZoneRules rules = zone.getRules();
        for (int d = -1; d <= DAYS; d++) {
            LocalDateTime start = FIRST_DAY.plusDays(d).atTime(entry.from());
            for (ZoneOffset offset : rules.getValidOffsets(start)) {
                into.add(start.toInstant(offset));
            }
            ZoneOffsetTransition gap = rules.getTransition(start);
            if (gap != null && gap.isGap()) {
                into.add(gap.getInstant());
            }
        }
    }

    private static void addTransitions(List<Instant> into, ZoneId zone) {
        ZoneRules rules = zone.getRules();
        Instant end = FIRST_DAY.plusDays(DAYS + 1).atStartOfDay().toInstant(ZoneOffset.UTC);
        ZoneOffsetTransition next =
                rules.nextTransition(FIRST_DAY.minusDays(2).atStartOfDay().toInstant(ZoneOffset.UTC));
        while (next != null && next.getInstant().isBefore(end)) {
            into.add(next.getInstant());
            next = rules.nextTransition(next.getInstant());
        }
    }
}
