package dev.tide.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tide.api.ScheduleInfo;
import dev.tide.cli.testing.CliRun;
import dev.tide.core.Tide;
import dev.tide.core.testing.TempFolders;
import java.nio.file.Path;
import java.time.ZoneId;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** {@code tide schedule ...} on a data folder opened directly. */
class ScheduleCliTest {
    private final Path folder = TempFolders.create("tide-cli-schedule-");

    private static CliRun tide(String... args) {
        return CliRun.of(args);
    }

    @AfterEach
    void clean() {
        TempFolders.delete(folder);
    }

    @Test
    void setListShowPauseResumeRemove() {
        String data = folder.toString();
        CliRun set = tide(
                "schedule",
                "set",
                "nightly",
                "--data",
                data,
                "--cron",
                "30 2 * * *",
                "--zone",
                "Europe/Berlin",
                "--type",
                "report",
                "--queue",
                "reports",
                "--payload",
                "{\"kind\":\"nightly\"}",
                "--misfire",
                "all",
                "--window",
                "1h",
                "--expire-after",
                "6h");
        assertThat(set.code()).as(set.err()).isZero();
        assertThat(set.out()).startsWith("schedule nightly fires next at ").endsWith(":30:00Z\n");
        try (Tide tide = Tide.builder().sqlite(folder).build()) {
            ScheduleInfo info = tide.schedules().get("nightly");
            assertThat(info.schedule().zone()).isEqualTo(ZoneId.of("Europe/Berlin"));
            assertThat(info.schedule().task().payload()).isEqualTo("{\"kind\":\"nightly\"}");
            assertThat(info.schedule().window()).hasHours(1);
        }

        CliRun list = tide("schedule", "list", "--data", data);
        assertThat(list.out().lines().toList()).hasSize(2);
        assertThat(list.out().lines().skip(1).findFirst().orElseThrow())
                .startsWith("nightly")
                .contains("30 2 * * *", "Europe/Berlin", "all", "running", "report", "reports");

        CliRun show = tide("schedule", "show", "nightly", "--data", data, "--count", "3");
        assertThat(show.out())
                .contains("cron      30 2 * * * (Europe/Berlin)", "misfire   all, grace PT1M", "window    PT1H");
        assertThat(show.out().lines().filter(l -> l.endsWith(":30:00Z")).count())
                .isEqualTo(4); // state + 3

        assertThat(tide("schedule", "pause", "nightly", "--data", data).out()).isEqualTo("schedule nightly paused\n");
        assertThat(tide("schedule", "list", "--data", data).out()).contains("paused");
        assertThat(tide("schedule", "resume", "nightly", "--data", data).out())
                .startsWith("schedule nightly fires next at");
        assertThat(tide("schedule", "remove", "nightly", "--data", data).out()).isEqualTo("schedule nightly removed\n");
        assertThat(tide("schedule", "list", "--data", data).out()).isEqualTo("no schedules\n");
    }

    @Test
    void badInputIsOneLineAndANonZeroExit() {
        String data = folder.toString();
        String[][] bad = {
            {"schedule", "set", "s", "--data", data, "--cron", "* * *", "--type", "t"},
            {"schedule", "set", "s", "--data", data, "--cron", "* * * * *", "--type", "t", "--zone", "Mars/Olympus"},
            {"schedule", "set", "s", "--data", data, "--cron", "* * * * *", "--type", "t", "--misfire", "often"},
            {"schedule", "show", "none", "--data", data},
            {"schedule", "remove", "none", "--data", data}
        };
        String[] fields = {"cron", "zone", "misfire", "none", "none"};
        for (int i = 0; i < bad.length; i++) {
            CliRun run = tide(bad[i]);
            String field = fields[i];
            assertThat(run.code()).as(run.err()).isEqualTo(Main.FAILED);
            assertThat(run.err().lines().toList())
                    .as(run.err())
                    .singleElement()
                    .satisfies(line -> assertThat(line).startsWith("tide: ").contains(field));
        }
        assertThat(tide("schedule", "list", "--data", data).out()).isEqualTo("no schedules\n");
    }
}
