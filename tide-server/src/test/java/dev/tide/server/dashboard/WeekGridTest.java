package dev.tide.server.dashboard;

import static java.time.DayOfWeek.FRIDAY;
import static java.time.DayOfWeek.MONDAY;
import static java.time.DayOfWeek.SUNDAY;
import static org.assertj.core.api.Assertions.assertThat;

import dev.tide.api.LoadCondition;
import dev.tide.api.LoadReadings;
import dev.tide.api.Profile;
import dev.tide.api.ProfileEntry;
import dev.tide.api.ProfileLimits;
import java.time.DayOfWeek;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.EnumSet;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The week grid against the engine's rule of which entry holds: split hours with their exact times, the hours daylight
 * saving skips and repeats in Paris and New York, a viewer in another zone than the profile's, and, over many random
 * weeks and zones, every instant's part naming the entry {@link Profile#entryAt} names.
 */
class WeekGridTest {
    private static final ZoneId UTC = ZoneOffset.UTC;
    private static final ZoneId PARIS = ZoneId.of("Europe/Paris");
    private static final ZoneId NEW_YORK = ZoneId.of("America/New_York");
    private static final EnumSet<DayOfWeek> WEEKDAYS = EnumSet.range(MONDAY, FRIDAY);

    private static Profile profile(ZoneId zone, ProfileEntry... entries) {
        return Profile.forTaskType("email", zone, List.of(entries), ProfileLimits.perHour(1000));
    }

    private static ProfileEntry entry(String name, java.util.Set<DayOfWeek> days, String from, String until, long max) {
        return ProfileEntry.of(name, days, LocalTime.parse(from), LocalTime.parse(until), ProfileLimits.perHour(max));
    }

    /** The parts of a cell as "from–until entry limit". */
    private static List<String> parts(WeekGrid grid, int day, int hour) {
        return grid.cell(day, hour).parts().stream()
                .map(p -> p.times() + " " + p.entryText() + " " + p.limitText())
                .toList();
    }

    @Test
    void anEntryStartingInsideAnHourSplitsItWithTheExactTimes() {
        Profile profile = profile(UTC, entry("office", WEEKDAYS, "08:30", "18:00", 100));
        WeekGrid grid = WeekGrid.of(profile, UTC, LocalDate.of(2026, 3, 25));

        assertThat(grid.monday()).isEqualTo(LocalDate.of(2026, 3, 23));
        assertThat(grid.week()).isEqualTo("2026-W13");
        assertThat(grid.cell(0, 8).split()).isTrue();
        assertThat(parts(grid, 0, 8)).containsExactly("08:00–08:30 default 1000/h", "08:30–09:00 office 100/h");
        assertThat(parts(grid, 0, 9)).containsExactly("09:00–10:00 office 100/h");
        assertThat(parts(grid, 0, 17)).containsExactly("17:00–18:00 office 100/h");
        assertThat(parts(grid, 0, 18)).containsExactly("18:00–19:00 default 1000/h");
        assertThat(parts(grid, 5, 9)).containsExactly("09:00–10:00 default 1000/h");
        assertThat(grid.days()).noneMatch(WeekGridDay::changesClock);
    }

    @Test
    void aWindowCrossingMidnightHoldsOnTheNextMorningOnly() {
        Profile profile = profile(UTC, entry("night", EnumSet.of(FRIDAY), "22:00", "06:00", 0));
        WeekGrid grid = WeekGrid.of(profile, UTC, LocalDate.of(2026, 3, 23));

        assertThat(parts(grid, 4, 22)).containsExactly("22:00–23:00 night paused");
        assertThat(parts(grid, 5, 5)).containsExactly("05:00–06:00 night paused");
        assertThat(parts(grid, 5, 6)).containsExactly("06:00–07:00 default 1000/h");
        assertThat(parts(grid, 5, 23)).containsExactly("23:00–00:00 default 1000/h");
        assertThat(grid.cell(4, 22).level()).isZero();
    }

    @Test
    void parisSpringForwardSkipsTwoOClockAndAWindowInItBeginsAtThree() {
        // docs/profiles.md: on 29 March 2026 `sun 02:30-04:00` begins at 03:00 CEST
        Profile profile = profile(PARIS, entry("early", EnumSet.of(SUNDAY), "02:30", "04:00", 5));
        WeekGrid grid = WeekGrid.of(profile, PARIS, LocalDate.of(2026, 3, 29));

        assertThat(grid.cell(6, 2).skipped()).isTrue();
        assertThat(parts(grid, 6, 1)).containsExactly("01:00–02:00 default 1000/h");
        assertThat(parts(grid, 6, 3)).containsExactly("03:00–04:00 early 5/h");
        assertThat(grid.days().get(6).clockChanges()).containsExactly("Europe/Paris: clocks go forward 02:00 → 03:00");
        assertThat(grid.days().subList(0, 6)).noneMatch(WeekGridDay::changesClock);
    }

    @Test
    void parisFallBackRepeatsTwoOClockAndAWindowInItHoldsInBothPasses() {
        Profile profile = profile(PARIS, entry("late", EnumSet.of(SUNDAY), "02:30", "03:00", 7));
        WeekGrid grid = WeekGrid.of(profile, PARIS, LocalDate.of(2026, 10, 25));

        WeekGridCell repeated = grid.cell(6, 2);
        assertThat(repeated.repeated()).isTrue();
        assertThat(parts(grid, 6, 2))
                .containsExactly(
                        "02:00–02:30 default 1000/h",
                        "02:30–03:00 late 7/h",
                        "02:00–02:30 default 1000/h",
                        "02:30–03:00 late 7/h");
        assertThat(repeated.parts().stream().map(WeekGridPart::offset).distinct())
                .containsExactly(ZoneOffset.ofHours(2), ZoneOffset.ofHours(1));
        assertThat(parts(grid, 6, 3)).containsExactly("03:00–04:00 default 1000/h");
        assertThat(grid.days().get(6).clockChanges()).containsExactly("Europe/Paris: clocks go back 03:00 → 02:00");
    }

    @Test
    void newYorkSkipsTwoInMarchAndRepeatsOneInNovember() {
        Profile profile = profile(NEW_YORK, entry("night", EnumSet.allOf(DayOfWeek.class), "00:00", "06:00", 50));
        WeekGrid spring = WeekGrid.of(profile, NEW_YORK, LocalDate.of(2026, 3, 8));
        assertThat(spring.cell(6, 2).skipped()).isTrue();
        assertThat(parts(spring, 6, 3)).containsExactly("03:00–04:00 night 50/h");
        assertThat(spring.days().get(6).clockChanges())
                .containsExactly("America/New_York: clocks go forward 02:00 → 03:00");

        WeekGrid autumn = WeekGrid.of(profile, NEW_YORK, LocalDate.of(2026, 11, 1));
        assertThat(autumn.cell(6, 1).repeated()).isTrue();
        assertThat(parts(autumn, 6, 1)).containsExactly("01:00–02:00 night 50/h", "01:00–02:00 night 50/h");
        assertThat(autumn.cell(6, 2).parts()).hasSize(1);
        assertThat(autumn.days().get(6).clockChanges())
                .containsExactly("America/New_York: clocks go back 02:00 → 01:00");
    }

    @Test
    void aViewerInAnotherZoneSeesTheProfilesHoursMovedAndItsClockChangesMarked() {
        Profile profile = profile(PARIS, entry("office", WEEKDAYS, "08:00", "18:00", 100));

        // May: Paris is six hours ahead of New York
        WeekGrid may = WeekGrid.of(profile, NEW_YORK, LocalDate.of(2026, 5, 11));
        assertThat(parts(may, 0, 1)).containsExactly("01:00–02:00 default 1000/h");
        assertThat(parts(may, 0, 2)).containsExactly("02:00–03:00 office 100/h");
        assertThat(parts(may, 0, 11)).containsExactly("11:00–12:00 office 100/h");
        assertThat(parts(may, 0, 12)).containsExactly("12:00–13:00 default 1000/h");

        // between New York's change (8 March) and Paris's (29 March) they are five hours apart
        WeekGrid between = WeekGrid.of(profile, NEW_YORK, LocalDate.of(2026, 3, 16));
        assertThat(parts(between, 0, 2)).containsExactly("02:00–03:00 default 1000/h");
        assertThat(parts(between, 0, 3)).containsExactly("03:00–04:00 office 100/h");

        // Paris springs forward at 01:00 UTC on Sunday 29 March: Saturday 21:00 in New York
        WeekGrid paris = WeekGrid.of(profile, NEW_YORK, LocalDate.of(2026, 3, 23));
        assertThat(paris.days().get(5).clockChanges()).containsExactly("Europe/Paris: clocks go forward 02:00 → 03:00");
        assertThat(paris.days().get(6).changesClock()).isFalse();
        assertThat(paris.days().stream().flatMap(d -> d.hours().stream())).noneMatch(WeekGridCell::skipped);
    }

    @Test
    void aHalfHourZoneSplitsTheProfilesWholeHours() {
        Profile profile = profile(UTC, entry("office", WEEKDAYS, "08:00", "18:00", 100));
        WeekGrid grid = WeekGrid.of(profile, ZoneId.of("Asia/Kolkata"), LocalDate.of(2026, 5, 11));

        assertThat(parts(grid, 0, 13)).containsExactly("13:00–13:30 default 1000/h", "13:30–14:00 office 100/h");
        assertThat(parts(grid, 0, 23)).containsExactly("23:00–23:30 office 100/h", "23:30–00:00 default 1000/h");
    }

    @Test
    void higherPrecedenceWinsAndConditionalEntriesAreListedOnTheirHours() {
        Profile profile = profile(
                UTC,
                entry("office", WEEKDAYS, "08:00", "18:00", 100),
                entry("lunch", WEEKDAYS, "12:15", "13:45", 10).withPrecedence(1),
                ProfileEntry.of(
                                "busy",
                                WEEKDAYS,
                                LocalTime.of(9, 0),
                                LocalTime.of(10, 0),
                                ProfileLimits.perHour(20).withPriorityBoost(2))
                        .withPrecedence(2)
                        .when(LoadCondition.atLeast("requests", 300)));
        WeekGrid grid = WeekGrid.of(profile, UTC, LocalDate.of(2026, 5, 11));

        assertThat(parts(grid, 0, 12)).containsExactly("12:00–12:15 office 100/h", "12:15–13:00 lunch 10/h");
        assertThat(parts(grid, 0, 13)).containsExactly("13:00–13:45 lunch 10/h", "13:45–14:00 office 100/h");
        assertThat(grid.cell(0, 9).parts().get(0).conditional())
                .containsExactly("busy if requests ≥ 300: 20/h, boost 2");
        assertThat(grid.cell(0, 10).parts().get(0).conditional()).isEmpty();
        // colours by rank of the hourly limit: 10 lowest, 1000 highest
        assertThat(grid.cell(0, 12).parts().get(1).level()).isEqualTo(1);
        assertThat(grid.cell(0, 20).level()).isEqualTo(5);
    }

    /** The name a screen reader announces as the keyboard moves: day, hour, and what holds in each part. */
    @Test
    void eachCellIsNamedByItsDayHourAndLimits() {
        Profile profile = Profile.forTaskType(
                "email",
                UTC,
                List.of(
                        entry("office", WEEKDAYS, "08:00", "18:00", 100),
                        ProfileEntry.of(
                                        "lunch",
                                        WEEKDAYS,
                                        LocalTime.of(12, 30),
                                        LocalTime.of(13, 30),
                                        ProfileLimits.perHour(10)
                                                .withMaxPerSession(5)
                                                .withPriorityBoost(1))
                                .withPrecedence(1)),
                ProfileLimits.perHour(1000).withMaxPerSession(300));
        WeekGrid grid = WeekGrid.of(profile, UTC, LocalDate.of(2026, 5, 11));
        String monday = grid.days().get(0).label();

        assertThat(monday).isEqualTo("Mon 11 May");
        assertThat(grid.cell(0, 9).label(monday)).isEqualTo("Mon 11 May, 09:00–10:00: 100/h, office");
        assertThat(grid.cell(0, 23).label(monday)).isEqualTo("Mon 11 May, 23:00–00:00: 1000/h, default, session 300");
        assertThat(grid.cell(0, 12).label(monday))
                .isEqualTo("Mon 11 May, 12:00–13:00: 12:00–12:30 100/h, office; "
                        + "12:30–13:00 10/h, lunch, session 5, boost 1");

        WeekGrid spring = WeekGrid.of(profile(PARIS), PARIS, LocalDate.of(2026, 3, 29));
        assertThat(spring.cell(6, 2).label("Sun 29 Mar"))
                .isEqualTo("Sun 29 Mar, 02:00–03:00: skipped, the clock jumps over this hour");
        WeekGrid autumn = WeekGrid.of(profile(PARIS), PARIS, LocalDate.of(2026, 10, 25));
        assertThat(autumn.cell(6, 2).label("Sun 25 Oct"))
                .isEqualTo("Sun 25 Oct, 02:00–03:00: 02:00–03:00 (+02:00) 1000/h, default; "
                        + "02:00–03:00 (+01:00) 1000/h, default");
    }

    @Test
    void aProfileWithNoDefaultShowsNoLimit() {
        Profile profile =
                Profile.forTaskType("email", UTC, List.of(entry("office", WEEKDAYS, "08:00", "18:00", 0)), null);
        WeekGrid grid = WeekGrid.of(profile, UTC, LocalDate.of(2026, 5, 11));

        assertThat(parts(grid, 0, 7)).containsExactly("07:00–08:00 default no limit");
        assertThat(grid.cell(0, 7).level()).isEqualTo(6);
        assertThat(grid.cell(0, 8).level()).isZero();
    }

    /** Every instant of the week lies in exactly one part, which names the entry the engine's rule names. */
    @Test
    void everyInstantsPartNamesTheEntryTheEngineChooses() {
        Random random = new Random(18);
        List<ZoneId> zones = List.of(UTC, PARIS, NEW_YORK, ZoneId.of("Asia/Kolkata"), ZoneId.of("Australia/Lord_Howe"));
        for (int round = 0; round < 40; round++) {
            ZoneId profileZone = zones.get(random.nextInt(zones.size()));
            ZoneId viewer = zones.get(random.nextInt(zones.size()));
            Profile profile = profile(
                    profileZone,
                    randomEntry(random, "a", 0, null),
                    randomEntry(random, "b", 1, null),
                    randomEntry(random, "c", 2, zones.get(random.nextInt(zones.size()))));
            LocalDate day = LocalDate.of(2026, 1, 1).plusDays(random.nextInt(365));
            WeekGrid grid = WeekGrid.of(profile, viewer, day);
            List<WeekGridPart> all = grid.days().stream()
                    .flatMap(d -> d.hours().stream())
                    .flatMap(c -> c.parts().stream())
                    .sorted(java.util.Comparator.comparing(WeekGridPart::start))
                    .toList();
            assertThat(all.get(0).start())
                    .isEqualTo(grid.monday().atStartOfDay(viewer).toInstant());
            for (int i = 1; i < all.size(); i++) {
                assertThat(all.get(i).start()).isEqualTo(all.get(i - 1).end());
            }
            for (WeekGridPart part : all) {
                for (Instant at = part.start(); at.isBefore(part.end()); at = at.plus(Duration.ofMinutes(5))) {
                    ProfileEntry inForce = profile.entryAt(at, LoadReadings.NONE);
                    assertThat(part.entry())
                            .as("%s at %s, viewer %s", profile, at, viewer)
                            .isEqualTo(inForce == null ? null : inForce.name());
                }
            }
        }
    }

    private static ProfileEntry randomEntry(Random random, String name, int precedence, ZoneId zone) {
        EnumSet<DayOfWeek> days = EnumSet.noneOf(DayOfWeek.class);
        while (days.isEmpty()) {
            for (DayOfWeek d : DayOfWeek.values()) {
                if (random.nextBoolean()) {
                    days.add(d);
                }
            }
        }
        LocalTime from = LocalTime.of(random.nextInt(24), random.nextInt(4) * 15);
        LocalTime until = LocalTime.of(random.nextInt(24), random.nextInt(4) * 15);
        ProfileEntry entry = ProfileEntry.of(name, days, from, until, ProfileLimits.perHour(random.nextInt(100)))
                .withPrecedence(precedence);
        return zone == null ? entry : entry.withZone(zone);
    }
}
