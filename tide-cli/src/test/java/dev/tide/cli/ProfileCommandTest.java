package dev.tide.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tide.api.NewTask;
import dev.tide.api.Profile;
import dev.tide.cli.testing.CliRun;
import dev.tide.core.Tide;
import dev.tide.core.testing.TempFolders;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.DayOfWeek;
import java.time.LocalTime;
import java.time.ZoneId;
import java.util.Arrays;
import java.util.EnumSet;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** {@code tide profile} on a data folder: set from options and from JSON, list, status, remove, and refusals. */
class ProfileCommandTest {
    private final Path folder = TempFolders.create("tide-profile-");

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

    @Test
    void setFromOptionsThenListStatusAndRemove() {
        CliRun set = tide(
                "profile",
                "set",
                "--type",
                "email",
                "--zone",
                "Europe/Paris",
                "--entry",
                "night mon-fri 22:00-06:00 perHour=1000 perSession=50",
                "--entry",
                "weekend sat,sun 00:00-00:00 perHour=500 precedence=1 zone=UTC",
                "--default",
                "perHour=100 concurrency=2");
        assertThat(set.err()).isEmpty();
        assertThat(set.out()).isEqualTo("profile task:email saved with 2 entries\n");

        try (Tide tide = Tide.builder().sqlite(folder).build()) {
            Profile saved = tide.profiles().list().get(0);
            assertThat(saved.zone()).isEqualTo(ZoneId.of("Europe/Paris"));
            assertThat(saved.entries().get(0).days()).isEqualTo(EnumSet.range(DayOfWeek.MONDAY, DayOfWeek.FRIDAY));
            assertThat(saved.entries().get(0).from()).isEqualTo(LocalTime.of(22, 0));
            assertThat(saved.entries().get(0).limits().maxPerSession()).isEqualTo(50);
            assertThat(saved.entries().get(1).zone()).isEqualTo(ZoneId.of("UTC"));
            assertThat(saved.otherwise().concurrency()).isEqualTo(2);
            tide.enqueue(NewTask.of("email", "hi"));
        }

        String list = tide("profile", "list").out();
        assertThat(list)
                .contains("task:email")
                .contains("night")
                .contains("mon,tue,wed,thu,fri")
                .contains("22:00-06:00")
                .contains("perHour=1000 perSession=50")
                .contains("sat,sun")
                .contains("(default)");
        assertThat(tide("profile", "status").out()).contains("task:email").contains("MAX/HOUR");

        assertThat(tide("profile", "remove", "task:email").out()).isEqualTo("profile task:email removed\n");
        assertThat(tide("profile", "list").out()).isEqualTo("no profiles\n");
        CliRun again = tide("profile", "remove", "task:email");
        assertThat(again.code()).isEqualTo(Main.FAILED);
        assertThat(again.err().lines()).hasSize(1).first().asString().contains("task:email");
    }

    @Test
    void setFromAJsonFile() throws Exception {
        Path file = Files.createTempFile(folder, "profile", ".json");
        Files.writeString(file, """
                {"jobType": "mailing", "zone": "UTC",
                 "entries": [{"name": "day", "days": ["MONDAY"], "from": "08:00", "until": "18:00",
                              "limits": {"maxPerHour": 10}}]}
                """);
        CliRun set = tide("profile", "set", "--file", file.toString());
        assertThat(set.err()).isEmpty();
        assertThat(set.out()).isEqualTo("profile job:mailing saved with 1 entries\n");
        assertThat(tide("profile", "list", "--json").out()).contains("\"jobType\":\"mailing\"");
    }

    @Test
    void badSpecsAreOneReadableLineAndSaveNothing() {
        CliRun days = tide("profile", "set", "--type", "email", "--entry", "x mon-funday 08:00-09:00 perHour=1");
        assertThat(days.code()).isEqualTo(Main.FAILED);
        assertThat(days.err())
                .isEqualTo("tide: --entry x: 'funday' is not a day; use mon, tue, wed, thu, fri, sat, sun,"
                        + " ranges like mon-fri, or daily\n");

        CliRun key = tide("profile", "set", "--type", "email", "--default", "perhour=5");
        assertThat(key.err()).startsWith("tide: --default: 'perhour=5' is not one of");

        CliRun overlap = tide(
                "profile",
                "set",
                "--type",
                "email",
                "--entry",
                "a mon 08:00-12:00 perHour=1",
                "--entry",
                "b mon 11:00-13:00 perHour=2");
        assertThat(overlap.code()).isEqualTo(Main.FAILED);
        assertThat(overlap.err().lines()).hasSize(1).first().asString().contains("'a' and 'b'");

        assertThat(tide("profile", "list").out()).isEqualTo("no profiles\n");
    }
}
