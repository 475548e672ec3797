package dev.tide.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tide.api.Coalescing;
import dev.tide.api.TaskType;
import dev.tide.cli.testing.ChildJvm;
import dev.tide.cli.testing.CliRun;
import dev.tide.core.Tide;
import dev.tide.core.testing.TempFolders;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The CLI on a data folder opened directly, and against a server process holding it. */
class CliTest {
    private final Path folder = TempFolders.create("tide-cli-");

    private static CliRun tide(String... args) {
        return CliRun.of(args);
    }

    private String data() {
        return folder.toString();
    }

    @AfterEach
    void clean() {
        TempFolders.delete(folder);
    }

    @Test
    void enqueueWithACoalescingKey() {
        try (Tide tide = Tide.builder().sqlite(folder).build()) {
            tide.defineTaskType(TaskType.named("reindex").withCoalescing(Coalescing.IGNORE));
        }
        String[] reindex = {"enqueue", "--data", data(), "--type", "reindex", "--coalescing-key", "catalog"};
        assertThat(tide(reindex).out()).isEqualTo("enqueued task 1 (ready)\n");
        assertThat(tide(reindex).out())
                .isEqualTo("task 1 is pending with coalescing key catalog (ready); no new task\n");
    }

    @Test
    void enqueueStatusAndTasksOnTheFolder() {
        CliRun first = tide(
                "enqueue", "--data", data(), "--type", "email", "--payload", "{\"to\":\"a@b\"}", "--owner", "alice");
        assertThat(first.code()).isZero();
        assertThat(first.out()).isEqualTo("enqueued task 1 (ready)\n");
        assertThat(tide("enqueue", "--data", data(), "--type", "report", "--delay", "5m")
                        .out())
                .isEqualTo("enqueued task 2 (scheduled)\n");
        assertThat(tide("enqueue", "--data", data(), "--type", "email", "--key", "k1")
                        .code())
                .isZero();
        assertThat(tide("enqueue", "--data", data(), "--type", "email", "--key", "k1")
                        .out())
                .isEqualTo("task 3 already exists for key k1 (ready)\n");

        CliRun status = tide("status", "--data", data());
        assertThat(status.code()).isZero();
        assertThat(status.out()).containsPattern("default\\s+1\\s+0\\s+2\\s+0\\s+0\\s+0\\s+0");

        CliRun tasks = tide("tasks", "--data", data(), "--type", "email");
        assertThat(tasks.out()).contains("ID").contains("alice").doesNotContain("report");
        assertThat(tasks.out().lines()).hasSize(3);

        CliRun paged = tide("tasks", "--data", data(), "--limit", "2");
        assertThat(paged.out()).contains("more: --cursor ");
        String cursor = paged.out()
                .lines()
                .filter(l -> l.startsWith("more:"))
                .findFirst()
                .orElseThrow()
                .substring("more: --cursor ".length());
        assertThat(tide("tasks", "--data", data(), "--limit", "2", "--cursor", cursor)
                        .out())
                .containsPattern("3 +email")
                .doesNotContain("more:");

        assertThat(tide("task", "--data", data(), "1").out()).contains("\"owner\":\"alice\"");
        assertThat(tide("cancel", "--data", data(), "1", "--reason", "typo").out())
                .isEqualTo("task 1 cancelled\n");
        assertThat(tide("retry", "--data", data(), "1").out()).isEqualTo("task 1 ready\n");
    }

    @Test
    void suspendAndResumeAQueueOrTheWholeServer() {
        assertThat(tide("suspend", "--data", data()).out()).isEqualTo("server suspended\n");
        assertThat(tide("status", "--data", data()).out()).contains("dispatch suspended server-wide");
        assertThat(tide("suspend", "--data", data(), "mail").out()).isEqualTo("queue mail suspended\n");
        assertThat(tide("resume", "--data", data()).out()).isEqualTo("server dispatching\n");
        assertThat(tide("status", "--data", data()).out())
                .doesNotContain("server-wide")
                .contains("suspended, no task is claimed from: mail (tide resume QUEUE)");
        assertThat(tide("resume", "--data", data(), "mail").out()).isEqualTo("queue mail dispatching\n");
        assertThat(tide("status", "--data", data()).out()).doesNotContain("suspended");
        CliRun bad = tide("suspend", "--data", data(), "no/slash");
        assertThat(bad.code()).isEqualTo(1);
        assertThat(bad.err()).startsWith("tide: queue: ").hasLineCount(1);
    }

    @Test
    void aTypeNothingNamesIsEnqueuedWithAWarningThatStatusRepeats() {
        CliRun typo = tide("enqueue", "--data", data(), "--type", "emial");
        assertThat(typo.code()).isZero();
        assertThat(typo.out()).isEqualTo("enqueued task 1 (ready)\n");
        assertThat(typo.err())
                .isEqualTo("tide: warning: no worker has claimed type `emial`, and no processor, schedule or type"
                        + " definition names it\n");
        assertThat(tide("status", "--data", data()).out())
                .startsWith("warning: no worker has claimed type `emial` (1 task waits), and no processor, schedule or"
                        + " type definition names it\n\nQueues");
    }

    @Test
    void readingCommandsOutsideADataFolderCreateNothingAndSayWhereTheyLooked() {
        Path nowhere = folder.resolve("not-here");
        for (String command : List.of("status", "stats", "tasks", "job 1", "task 1")) {
            List<String> args = new java.util.ArrayList<>(List.of(command.split(" ")));
            args.addAll(List.of("--data", nowhere.toString()));
            CliRun read = tide(args.toArray(String[]::new));
            assertThat(read.code()).as(command).isEqualTo(1);
            assertThat(read.err())
                    .as(command)
                    .isEqualTo("tide: no Tide data in " + nowhere.toAbsolutePath()
                            + " (no tide.db there); pass --data DIR, --db URL or --server URL\n");
            assertThat(nowhere).as(command).doesNotExist();
        }
    }

    @Test
    void parkAndUnparkTasksAndEnqueueWithDependencies() {
        assertThat(tide("enqueue", "--data", data(), "--type", "t", "--owner", "u")
                        .out())
                .isEqualTo("enqueued task 1 (ready)\n");
        assertThat(tide("enqueue", "--data", data(), "--type", "t", "--depends-on", "1")
                        .out())
                .isEqualTo("enqueued task 2 (blocked)\n");
        assertThat(tide("park", "--data", data(), "--owner", "u").out()).isEqualTo("parked 1 task\n");
        assertThat(tide("task", "--data", data(), "1").out()).contains("parked");
        assertThat(tide("unpark", "--data", data(), "--id", "1,2").out()).isEqualTo("unparked 1 task\n");
        CliRun nothing = tide("park", "--data", data(), "--queue", "default");
        assertThat(nothing.code()).isEqualTo(1);
        assertThat(nothing.err())
                .startsWith("tide: taskIds: give task ids, an owner")
                .hasLineCount(1);
        CliRun unknown = tide("enqueue", "--data", data(), "--type", "t", "--depends-on", "99");
        assertThat(unknown.code()).isEqualTo(1);
        assertThat(unknown.err()).isEqualTo("tide: dependsOn: no such task: 99\n");
    }

    @Test
    void badInputIsOneReadableLineAndWritesNothing() {
        CliRun bad = tide("enqueue", "--data", data(), "--type", "email", "--payload", "{broken");
        assertThat(bad.code()).isEqualTo(1);
        assertThat(bad.err()).startsWith("tide: payload: is not valid JSON").hasLineCount(1);
        CliRun badType = tide("enqueue", "--data", data(), "--type", "no spaces");
        assertThat(badType.code()).isEqualTo(1);
        assertThat(badType.err()).startsWith("tide: type: ");
        CliRun usage = tide("enqueue", "--data", data());
        assertThat(usage.code()).isEqualTo(2);
        assertThat(usage.err()).contains("--type");
        CliRun badDelay = tide("enqueue", "--data", data(), "--type", "t", "--delay", "soon");
        assertThat(badDelay.code()).isEqualTo(2);
        assertThat(badDelay.err()).contains("'soon' is not a duration");
        CliRun missing = tide("task", "--data", data(), "99");
        assertThat(missing.code()).isEqualTo(1);
        assertThat(missing.err()).isEqualTo("tide: task 99 not found\n");
        assertThat(tide("status", "--data", data()).out()).contains("no tasks");
    }

    @Test
    void migrateReportsTheSchemaVersion() throws Exception {
        CliRun migrate = tide("migrate", "--data", data());
        assertThat(migrate.code()).as(migrate.err()).isZero();
        assertThat(migrate.out()).startsWith("schema at version " + latestSqliteVersion() + " (sqlite, ");
    }

    /** The number of SQLite migration scripts: the version a fresh folder migrates to. */
    private static long latestSqliteVersion() throws Exception {
        try (var in = CliTest.class.getResourceAsStream("/dev/tide/core/store/sqlite/migrations/index")) {
            return new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8)
                    .lines()
                    .filter(line -> !line.isBlank())
                    .count();
        }
    }

    @Test
    void aFolderHeldByAnotherProcessIsRefusedNamingIt() {
        try (ChildJvm holder =
                ChildJvm.start("dev.tide.cli.testing.FolderHolder", List.of(data()), Map.of(), List.of())) {
            holder.awaitLine("holding", Duration.ofSeconds(30));
            CliRun refused = tide("enqueue", "--data", data(), "--type", "t");
            assertThat(refused.code()).isEqualTo(1);
            assertThat(refused.err())
                    .startsWith("tide: data folder " + data() + " is in use by process " + holder.pid())
                    .contains("an application embedding Tide")
                    .hasLineCount(1);
        }
    }

    @Test
    void commandsTalkToTheServerHoldingTheFolder() throws Exception {
        try (ChildJvm server = ChildJvm.server(List.of("--data", data()), Map.of(), List.of())) {
            String url = server.awaitServerUrl();
            assertThat(Files.exists(folder.resolve("server.json"))).isTrue();
            CliRun enqueued = tide("enqueue", "--data", data(), "--type", "t", "--payload", "[1]");
            assertThat(enqueued.code()).as(enqueued.err()).isZero();
            CliRun status = tide("status", "--data", data());
            assertThat(status.out()).contains("server " + url).containsPattern("default\\s+0\\s+0\\s+1");
            assertThat(tide("migrate", "--data", data()).out()).contains("held by the server at " + url);
            Path tokenFile = folder.resolve("token.txt");
            Files.writeString(tokenFile, ServerClients.ofFolder(folder));
            assertThat(tide("status", "--server", url, "--token-file", tokenFile.toString())
                            .code())
                    .isZero();
            CliRun anonymous = tide("status", "--server", url);
            assertThat(anonymous.code()).isEqualTo(1);
            assertThat(anonymous.err()).startsWith("tide: Authorization:").hasLineCount(1);

            server.terminate();
            assertThat(server.waitFor(Duration.ofSeconds(30))).isIn(0, 143);
        }
        assertThat(Files.exists(folder.resolve("server.json"))).isFalse();
        assertThat(tide("tasks", "--data", data()).out()).contains("ready");
    }
}
