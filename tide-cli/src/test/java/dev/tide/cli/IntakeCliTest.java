package dev.tide.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tide.api.EventQuery;
import dev.tide.api.TideEvent;
import dev.tide.cli.testing.ChildJvm;
import dev.tide.cli.testing.CliRun;
import dev.tide.client.TideClient;
import dev.tide.core.Tide;
import dev.tide.core.testing.TempFolders;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * {@code tide intake on|off|status}: on a data folder opened directly (the switch outlives the process), and through the
 * server holding the folder, which obeys the switch without a restart.
 */
class IntakeCliTest {
    private final Path data = TempFolders.create("tide-cli-intake-");
    private final Path inbox = TempFolders.create("tide-cli-inbox-");

    @AfterEach
    void clean() {
        TempFolders.delete(data);
        TempFolders.delete(inbox);
    }

    private CliRun tide(String... args) {
        return CliRun.of(args);
    }

    @Test
    void theSwitchIsKeptInTheDatabase() {
        CliRun fresh = tide("intake", "status", "--data", data.toString());
        assertThat(fresh.code()).as(fresh.err()).isZero();
        assertThat(fresh.out())
                .isEqualTo("folder intake on\nfiles stored    0\nfiles rejected  0\nlast scan       never\n");

        CliRun off = tide("intake", "off", "--data", data.toString());
        assertThat(off.code()).as(off.err()).isZero();
        assertThat(off.out()).startsWith("folder intake off\n");

        assertThat(tide("intake", "status", "--data", data.toString()).out()).startsWith("folder intake off\n");
        try (Tide engine = Tide.builder().sqlite(data).build()) {
            assertThat(engine.intake().status().enabled()).isFalse();
            TideEvent switched = engine.monitoring().events(EventQuery.recent()).getFirst();
            assertThat(switched.kind()).isEqualTo(TideEvent.INTAKE_DISABLED);
            assertThat(switched.detail()).startsWith("{\"actor\":\"cli:");
        }
    }

    @Test
    void aRunningServerStopsAndResumesTakingFilesWhenSwitched() throws Exception {
        assertThat(tide("intake", "off", "--data", data.toString()).code()).isZero();
        try (ChildJvm server = ChildJvm.server(
                        List.of(
                                "--data",
                                data.toString(),
                                "--inbox",
                                inbox.toString(),
                                "--inbox-poll",
                                "50ms",
                                "--inbox-settle",
                                "0s"),
                        Map.of(),
                        List.of());
                TideClient client =
                        ServerClients.connect(server.awaitServerUrl(), List.of("--data", data.toString()))) {
            Path file = Files.createDirectories(inbox.resolve("alice/default")).resolve("work--1.json");
            Files.writeString(file, "{\"n\":1}");
            // Switched off before the server started: passes look at nothing (20 poll intervals here).
            Thread.sleep(1000);
            assertThat(file).exists();
            assertThat(client.intake().status().lastScanAt()).isNull();

            CliRun on = tide("intake", "on", "--data", data.toString());
            assertThat(on.code()).as(on.err()).isZero();
            assertThat(on.out()).startsWith("folder intake on\n");

            long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
            while (Files.exists(file)) {
                assertThat(System.nanoTime()).as("the file taken").isLessThan(deadline);
                Thread.sleep(20);
            }
            assertThat(client.task(1).payload()).isEqualTo("{\"n\":1}");
            assertThat(client.task(1).owner()).isEqualTo("alice");
            CliRun status = tide("intake", "status", "--data", data.toString());
            assertThat(status.out())
                    .startsWith("folder intake on\nfiles stored    1\nfiles rejected  0\nlast scan       20");
        }
    }

    @Test
    void aBadInboxIsRefusedBeforeAnythingIsOpened() throws Exception {
        Path notAFolder = Files.writeString(inbox.resolve("file"), "x");

        CliRun refused = tide("server", "--data", data.resolve("d").toString(), "--inbox", notAFolder.toString());

        assertThat(refused.code()).isEqualTo(1);
        assertThat(refused.err()).isEqualTo("tide: --inbox: " + notAFolder + " is not a folder\n");
        assertThat(data.resolve("d")).doesNotExist();
    }
}
