package dev.tide.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tide.api.ClaimRequest;
import dev.tide.api.EventQuery;
import dev.tide.api.NewTask;
import dev.tide.api.TideEvent;
import dev.tide.cli.testing.CliRun;
import dev.tide.core.Tide;
import dev.tide.core.TideConfig;
import dev.tide.core.testing.TempFolders;
import dev.tide.core.time.ManualClock;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * {@code tide stats} on a data folder whose statistics were counted under a simulated clock: a week by day with totals,
 * by hour, a range of one type, and refusals; and the CLI's user named as the actor of what it does.
 */
class StatsCommandTest {
    private final Path folder = TempFolders.create("tide-stats-");

    private CliRun tide(String... args) {
        String[] all = Arrays.copyOf(args, args.length + 2);
        all[args.length] = "--data";
        all[args.length + 1] = folder.toString();
        return CliRun.of(all);
    }

    @AfterEach
    void clean() {
        TempFolders.delete(folder);
    }

    /** Monday 10:xx two emails (one fails), Monday 11:xx one email, Wednesday 09:xx one report of 5 units. */
    private void countSomeWork() {
        ManualClock clock = new ManualClock(Instant.parse("2026-11-16T10:15:00Z"));
        try (Tide tide = Tide.builder()
                .sqlite(folder)
                .clock(clock)
                .config(TideConfig.defaults().withMaintenanceInterval(null))
                .build()) {
            tide.enqueueAll(List.of(NewTask.of("email", Map.of()), NewTask.of("email", Map.of())));
            var two = tide.claim(ClaimRequest.of("default", "w", 2));
            tide.ack(two.get(0).ack().succeed());
            tide.ack(two.get(1).ack().message("bounced").fail());
            clock.set(Instant.parse("2026-11-16T11:20:00Z"));
            tide.enqueue(NewTask.of("email", Map.of()));
            tide.ack(tide.claim(ClaimRequest.of("default", "w", 1)).get(0).ack().succeed());
            clock.set(Instant.parse("2026-11-18T09:05:00Z"));
            tide.enqueue(NewTask.builder("report").units(5).build());
            tide.ack(tide.claim(ClaimRequest.of("default", "w", 1)).get(0).ack().succeed());
        }
    }

    @Test
    void aWeekIsOneRowPerDayAndTypeThenTotals() {
        countSomeWork();
        CliRun week = tide("stats", "--week", "2026-W47");
        assertThat(week.code()).as(week.err()).isZero();
        assertThat(week.out()).isEqualTo("""
                Statistics, week 2026-W47 (Mon 2026-11-16 to Sun 2026-11-22, UTC), every task type
                DAY             TYPE    STARTED  SUCCEEDED  FAILED  RETRIED  EXPIRED  UNITS
                Mon 2026-11-16  email   3        2          1       0        0        3
                Wed 2026-11-18  report  1        1          0       0        0        5
                total           email   3        2          1       0        0        3
                total           report  1        1          0       0        0        5
                """);
    }

    @Test
    void hourlyRowsARangeAndOneType() {
        countSomeWork();
        CliRun hourly = tide("stats", "--from", "2026-11-16", "--to", "2026-11-17", "--type", "email", "--hourly");
        assertThat(hourly.out()).isEqualTo("""
                Statistics, Mon 2026-11-16 00:00 to Tue 2026-11-17 00:00 UTC, type email
                HOUR                  TYPE   STARTED  SUCCEEDED  FAILED  RETRIED  EXPIRED  UNITS
                Mon 2026-11-16 10:00  email  2        1          1       0        0        2
                Mon 2026-11-16 11:00  email  1        1          0       0        0        1
                total                 email  3        2          1       0        0        3
                """);
        assertThat(tide("stats", "--week", "2026-W46").out()).endsWith("  nothing counted\n");
        assertThat(tide("stats", "--week", "2026-W47", "--queue", "default").out())
                .startsWith("Statistics, week 2026-W47 (Mon 2026-11-16 to Sun 2026-11-22, UTC), every task type, queue "
                        + "default\n")
                .contains("total           report  1        1");
        assertThat(tide("stats", "--week", "2026-W47", "--queue", "elsewhere").out())
                .endsWith("  nothing counted\n");
        assertThat(tide("stats", "--week", "2026-W47", "--json").out())
                .startsWith("[{\"taskType\":\"email\",\"hour\":\"2026-11-16T10:00:00Z\",\"started\":2");
    }

    @Test
    void aBadRangeIsOneReadableLine() {
        CliRun backwards = tide("stats", "--from", "2026-11-17", "--to", "2026-11-16");
        assertThat(backwards.code()).isEqualTo(Main.FAILED);
        assertThat(backwards.err()).startsWith("tide: to: must be after from").hasLineCount(1);
        assertThat(tide("stats", "--week", "2026-W47", "--from", "2026-11-16").err())
                .isEqualTo("tide: give either --week or --from and --to, not both\n");
        assertThat(tide("stats", "--week", "47").err())
                .startsWith("tide: week: ")
                .hasLineCount(1);
    }

    @Test
    void whatTheCliDoesIsLoggedUnderTheUsersName() {
        assertThat(tide("suspend", "mail").code()).isZero();
        try (Tide tide = Tide.builder().sqlite(folder).build()) {
            TideEvent suspended = tide.monitoring().events(EventQuery.recent()).get(0);
            assertThat(suspended.kind()).isEqualTo(TideEvent.SUSPENDED);
            assertThat(suspended.detail()).contains("\"actor\":\"cli:" + System.getProperty("user.name") + "\"");
        }
    }
}
