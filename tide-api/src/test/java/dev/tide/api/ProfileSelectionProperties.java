package dev.tide.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.DayOfWeek;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/**
 * Profile selection against a model written another way: a window is the interval of local date-times from a start
 * day's {@code from} to its {@code until} (the next day's when it crosses midnight), and an instant is in it when its
 * wall-clock time is. Random entries, instants around daylight-saving changes, zones with half- and quarter-hour
 * offsets and a half-hour daylight-saving shift.
 */
class ProfileSelectionProperties {
    private static final List<ZoneId> ZONES = List.of(
                    "UTC",
                    "Europe/Paris",
                    "America/New_York",
                    "Asia/Kolkata",
                    "Australia/Lord_Howe",
                    "Pacific/Chatham",
                    "America/Sao_Paulo")
            .stream()
            .map(ZoneId::of)
            .toList();

    /** Instants from two weeks before to two weeks after the 2026 northern spring change, and around the autumn one. */
    private static final Instant SPRING = Instant.parse("2026-03-15T00:00:00Z");

    private static final Instant AUTUMN = Instant.parse("2026-10-25T00:00:00Z");

    @Provide
    Arbitrary<ZoneId> zones() {
        return Arbitraries.of(ZONES);
    }

    @Provide
    Arbitrary<Instant> instants() {
        Arbitrary<Long> minutes = Arbitraries.longs().between(-14 * 24 * 60, 28 * 24 * 60);
        return Combinators.combine(Arbitraries.of(SPRING, AUTUMN), minutes)
                .as((base, m) -> base.plus(Duration.ofMinutes(m)));
    }

    @Provide
    Arbitrary<ProfileEntry> entries() {
        Arbitrary<Set<DayOfWeek>> days = Arbitraries.of(DayOfWeek.class).set().ofMinSize(1);
        Arbitrary<LocalTime> times =
                Arbitraries.integers().between(0, 24 * 4 - 1).map(q -> LocalTime.of(q / 4, (q % 4) * 15));
        return Combinators.combine(days, times, times)
                .as((d, from, until) -> ProfileEntry.of("e", d, from, until, ProfileLimits.perHour(1)));
    }

    @Provide
    Arbitrary<List<ProfileEntry>> entryLists() {
        return entries().list().ofMinSize(1).ofMaxSize(5);
    }

    @Property(tries = 2000)
    void anEntryCoversAnInstantExactlyWhenItsWallClockTimeIsInOneOfItsWindows(
            @ForAll("entries") ProfileEntry entry, @ForAll("zones") ZoneId zone, @ForAll("instants") Instant at) {
        assertThat(entry.covers(at, zone)).isEqualTo(inModel(entry, zone, at));
    }

    @Property(tries = 500)
    void theHighestPrecedenceAmongTheEntriesThatHoldWins(
            @ForAll("entryLists") List<ProfileEntry> drawn,
            @ForAll("zones") ZoneId zone,
            @ForAll("instants") Instant at) {
        List<ProfileEntry> entries = new ArrayList<>();
        for (int i = 0; i < drawn.size(); i++) {
            entries.add(renamed(drawn.get(i), "e" + i).withPrecedence(i * 7 % 5 + i * 5));
        }
        Profile profile = Profile.forTaskType("email", zone, entries, ProfileLimits.perHour(99));

        ProfileEntry expected = entries.stream()
                .filter(e -> inModel(e, zone, at))
                .max(Comparator.comparingInt(ProfileEntry::precedence))
                .orElse(null);
        ActiveProfile active = profile.activeAt(at, LoadReadings.NONE);
        assertThat(active.entry()).isEqualTo(expected == null ? null : expected.name());
        assertThat(active.maxPerHour()).isEqualTo(expected == null ? 99 : 1);
    }

    @Property(tries = 300)
    void entriesOfEqualPrecedenceAreAcceptedOnlyWhenNoInstantHasBoth(
            @ForAll("entries") ProfileEntry first,
            @ForAll("entries") ProfileEntry second,
            @ForAll("zones") ZoneId zoneA,
            @ForAll("zones") ZoneId zoneB,
            @ForAll long seed) {
        ProfileEntry a = renamed(first, "a").withZone(zoneA);
        ProfileEntry b = renamed(second, "b").withZone(zoneB);
        Instant common = ProfileOverlaps.firstCommonInstant(a, zoneA, b, zoneB);
        if (common != null) {
            assertThat(inModel(a, zoneA, common) && inModel(b, zoneB, common)).isTrue();
            assertThatThrownBy(() -> Profile.forTaskType("email", null, List.of(a, b), null))
                    .isInstanceOf(InvalidRequestException.class)
                    .hasMessageContaining("'a' and 'b'");
            return;
        }
        Profile.forTaskType("email", null, List.of(a, b), null);
        Random random = new Random(seed);
        Instant yearStart = Instant.parse("2024-01-01T00:00:00Z");
        for (int i = 0; i < 3000; i++) {
            Instant at = yearStart.plus(Duration.ofMinutes(random.nextInt(366 * 24 * 60)));
            assertThat(inModel(a, zoneA, at) && inModel(b, zoneB, at))
                    .as("accepted, yet both hold at %s", at)
                    .isFalse();
        }
    }

    @Property(tries = 1000)
    void anHourIsAnInstantIntervalOfTheZonesWallClock(@ForAll("zones") ZoneId zone, @ForAll("instants") Instant at) {
        Instant hour = Profile.forTaskType("email", zone, List.of(), ProfileLimits.perHour(1))
                .activeAt(at, LoadReadings.NONE)
                .hourStart();
        assertThat(hour).isBeforeOrEqualTo(at);
        assertThat(Duration.between(hour, at)).isLessThan(Duration.ofHours(1));
        ZonedDateTime local = hour.atZone(zone);
        assertThat(local.getMinute()).isZero();
        assertThat(local.getSecond()).isZero();
    }

    @Property(tries = 200)
    void aRepeatedHourCountsApartFromItsFirstPass(@ForAll @IntRange(min = 0, max = 59) int minute) {
        ZoneId newYork = ZoneId.of("America/New_York");
        Profile profile = Profile.forTaskType("email", newYork, List.of(), ProfileLimits.perHour(1));
        Instant firstPass = Instant.parse("2026-11-01T05:00:00Z").plus(Duration.ofMinutes(minute));
        Instant secondPass = firstPass.plus(Duration.ofHours(1));
        assertThat(firstPass.atZone(newYork).toLocalTime())
                .isEqualTo(secondPass.atZone(newYork).toLocalTime());
        assertThat(profile.activeAt(firstPass, LoadReadings.NONE).hourStart())
                .isEqualTo(Instant.parse("2026-11-01T05:00:00Z"));
        assertThat(profile.activeAt(secondPass, LoadReadings.NONE).hourStart())
                .isEqualTo(Instant.parse("2026-11-01T06:00:00Z"));
    }

    @Test
    void windowEdgesAndMidnightCrossings() {
        ZoneId utc = ZoneId.of("UTC");
        ProfileEntry night = ProfileEntry.of(
                "night",
                EnumSet.of(DayOfWeek.SUNDAY),
                LocalTime.of(22, 0),
                LocalTime.of(6, 0),
                ProfileLimits.perHour(1));
        assertThat(night.covers(Instant.parse("2026-01-04T21:59:59Z"), utc)).isFalse(); // Sunday
        assertThat(night.covers(Instant.parse("2026-01-04T22:00:00Z"), utc)).isTrue();
        assertThat(night.covers(Instant.parse("2026-01-05T05:59:59Z"), utc)).isTrue(); // Monday morning
        assertThat(night.covers(Instant.parse("2026-01-05T06:00:00Z"), utc)).isFalse();
        assertThat(night.covers(Instant.parse("2026-01-05T23:00:00Z"), utc)).isFalse(); // Monday night

        ProfileEntry wholeDay = ProfileEntry.of(
                "day", EnumSet.of(DayOfWeek.MONDAY), LocalTime.of(8, 0), LocalTime.of(8, 0), ProfileLimits.perHour(1));
        assertThat(wholeDay.covers(Instant.parse("2026-01-06T07:59:59Z"), utc)).isTrue(); // Tuesday 07:59
        assertThat(wholeDay.covers(Instant.parse("2026-01-06T08:00:00Z"), utc)).isFalse();
    }

    @Test
    void aWindowStartingInASkippedHourBeginsWhenTheClockJumpsPastIt() {
        ZoneId paris = ZoneId.of("Europe/Paris"); // 2026-03-29: 02:00 becomes 03:00
        ProfileEntry entry = ProfileEntry.of(
                "e", EnumSet.of(DayOfWeek.SUNDAY), LocalTime.of(2, 30), LocalTime.of(4, 0), ProfileLimits.perHour(1));
        assertThat(entry.covers(Instant.parse("2026-03-29T00:59:59Z"), paris)).isFalse(); // 01:59:59 CET
        assertThat(entry.covers(Instant.parse("2026-03-29T01:00:00Z"), paris)).isTrue(); // 03:00 CEST
    }

    private static ProfileEntry renamed(ProfileEntry e, String name) {
        return new ProfileEntry(name, e.days(), e.from(), e.until(), e.zone(), e.precedence(), e.limits(), e.when());
    }

    /** The model: the instant's wall-clock time lies in the window of the day before or of its own day. */
    private static boolean inModel(ProfileEntry entry, ZoneId zone, Instant at) {
        LocalDateTime local = LocalDateTime.ofInstant(at, zone);
        for (LocalDate day : List.of(local.toLocalDate().minusDays(1), local.toLocalDate())) {
            if (!entry.days().contains(day.getDayOfWeek())) {
                continue;
            }
            LocalDateTime start = day.atTime(entry.from());
            LocalDateTime end = entry.until().isAfter(entry.from())
                    ? day.atTime(entry.until())
                    : day.plusDays(1).atTime(entry.until());
            if (!local.isBefore(start) && local.isBefore(end)) {
                return true;
            }
        }
        return false;
    }
}
