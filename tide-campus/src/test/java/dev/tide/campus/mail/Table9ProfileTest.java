package dev.tide.campus.mail;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tide.api.ActiveProfile;
import dev.tide.api.LoadReadings;
import dev.tide.api.Profile;
import java.time.DayOfWeek;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import org.junit.jupiter.api.Test;

/** Table 9 as a profile, checked every 20 minutes of a week against the thesis's table read on its own. */
class Table9ProfileTest {
    private static final ZoneId RIYADH = CampusMailer.UNIVERSITY_ZONE;

    @Test
    void everyHourOfTheWeekGetsTheTablesLimits() {
        Profile profile = Table9.profile(RIYADH);
        Instant saturday = LocalDateTime.of(2026, 11, 21, 0, 0).atZone(RIYADH).toInstant();
        for (int step = 0; step < 7 * 24 * 3; step++) {
            Instant at = saturday.plus(Duration.ofMinutes(20L * step));
            ZonedDateTime local = at.atZone(RIYADH);
            boolean weekend = local.getDayOfWeek() == DayOfWeek.THURSDAY || local.getDayOfWeek() == DayOfWeek.FRIDAY;
            boolean workHours = !weekend && local.getHour() >= 7; // 7:00 AM to 12:00 AM

            ActiveProfile active = profile.activeAt(at, LoadReadings.NONE);

            assertThat(active.entry())
                    .as("entry at %s", local)
                    .isEqualTo(workHours ? "work-hours" : weekend ? "weekend" : "after-hours");
            assertThat(active.maxPerHour()).as("max per hour at %s", local).isEqualTo(workHours ? 5L : 1000L);
            assertThat(active.limits().maxPerSession())
                    .as("max per session at %s", local)
                    .isEqualTo(workHours ? 1 : 5);
            assertThat(active.hourStart()).isEqualTo(local.withMinute(0).toInstant());
        }
    }

    @Test
    void theHoursAreTheUniversitysNotUtcs() {
        Profile profile = Table9.profile(RIYADH);
        // Wednesday 06:30 in Riyadh is 03:30 UTC: still after hours there
        Instant at = Instant.parse("2026-11-25T03:30:00Z");
        assertThat(profile.activeAt(at, LoadReadings.NONE).entry()).isEqualTo("after-hours");
        // and 07:00 there, 04:00 UTC, is work hours
        assertThat(profile.activeAt(Instant.parse("2026-11-25T04:00:00Z"), LoadReadings.NONE)
                        .entry())
                .isEqualTo("work-hours");
    }
}
