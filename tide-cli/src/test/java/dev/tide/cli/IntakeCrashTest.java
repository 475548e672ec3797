package dev.tide.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tide.api.TaskInfo;
import dev.tide.api.TaskQuery;
import dev.tide.cli.testing.ChildJvm;
import dev.tide.client.TideClient;
import dev.tide.core.testing.PostgresTestDatabase;
import dev.tide.core.testing.TempFolders;
import dev.tide.server.intake.FolderIntake;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BooleanSupplier;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A {@code tide server --inbox} process dies while it takes files: halted by itself between a file's enqueue and its
 * move, or killed with SIGKILL from outside while files keep arriving. After a restart, every file written is a task
 * exactly once (counted in the store), and moved aside once.
 */
class IntakeCrashTest {
    private final Path data = TempFolders.create("tide-intake-data-");
    private final Path inbox = TempFolders.create("tide-intake-inbox-");

    /** Every payload written to the inbox, each a file of its own. */
    private final List<String> written = new CopyOnWriteArrayList<>();

    @AfterEach
    void clean() {
        TempFolders.delete(data);
        TempFolders.delete(inbox);
    }

    private ChildJvm server(List<String> storage, List<String> jvmOptions) {
        List<String> args = new ArrayList<>(storage);
        args.addAll(List.of("--inbox", inbox.toString(), "--inbox-poll", "100ms", "--inbox-settle", "100ms"));
        return ChildJvm.server(args, Map.of(), jvmOptions);
    }

    /** Writes a file as writers should: under a dot-name first, then renamed (atomic) to its final name. */
    private void drop(String user, int n, Instant modified) {
        try {
            Path folder = Files.createDirectories(inbox.resolve(user).resolve("default"));
            String payload = "{\"user\":\"" + user + "\",\"n\":" + n + "}";
            Path draft = folder.resolve(".work--" + n + ".json");
            Files.writeString(draft, payload);
            if (modified != null) {
                Files.setLastModifiedTime(draft, FileTime.from(modified));
            }
            Files.move(draft, folder.resolve("work--" + n + ".json"), StandardCopyOption.ATOMIC_MOVE);
            written.add(payload);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Files still waiting in the queue folders (not moved aside). */
    private long waiting() {
        return count(Path.of("default"));
    }

    private long storedCopies() {
        return count(Path.of("default", ".stored"));
    }

    /** The files (not dot-files) in {@code folder} of every user, counted while the server may be moving them. */
    private long count(Path folder) {
        long files = 0;
        for (String user : List.of("alice", "bob", "carol")) {
            Path in = inbox.resolve(user).resolve(folder);
            if (Files.isDirectory(in)) {
                try (Stream<Path> list = Files.list(in)) {
                    files += list.filter(f -> !f.getFileName().toString().startsWith("."))
                            .count();
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }
        }
        return files;
    }

    private static void await(String what, BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(90).toNanos();
        while (!condition.getAsBoolean()) {
            assertThat(System.nanoTime()).as(what).isLessThan(deadline);
            Thread.sleep(50);
        }
    }

    /**
     * Restarts the server, lets it take what is left, and checks each written file is one task, stored once; returns
     * the files the intake counted as stored (a pass cut short by the crash counted none of its files).
     */
    private long assertEachFileStoredExactlyOnceAfterARestart(List<String> storage) throws Exception {
        try (ChildJvm restarted = server(storage, List.of());
                TideClient tide = ServerClients.connect(restarted.awaitServerUrl(), storage)) {
            await("the inbox drained after the restart", () -> waiting() == 0);
            List<TaskInfo> tasks =
                    tide.tasks(TaskQuery.all().withLimit(TaskQuery.MAX_LIMIT)).items();
            assertThat(tasks).extracting(TaskInfo::payload).containsExactlyInAnyOrderElementsOf(written);
            assertThat(storedCopies()).isEqualTo(written.size());
            await("the pass counted", () -> tide.intake().status().filesStored() > 0);
            return tide.intake().status().filesStored();
        }
    }

    @Test
    void haltBetweenAFilesEnqueueAndItsMoveStoresItOnceAfterTheRestart() throws Exception {
        Instant settled = Instant.now().minusSeconds(60);
        for (int n = 0; n < 20; n++) {
            drop(n % 2 == 0 ? "alice" : "bob", n, settled);
        }
        String fault = FolderIntake.AFTER_ENQUEUE + "@8";
        try (ChildJvm server = server(List.of("--data", data.toString()), List.of("-Dtide.faults=" + fault))) {
            assertThat(server.waitFor(Duration.ofSeconds(60)))
                    .as("halted at the fault point")
                    .isEqualTo(137);
            assertThat(server.output()).contains("fault point " + FolderIntake.AFTER_ENQUEUE);
        }
        // the eighth file is in the store but still in the inbox: the restart must find its task, not make another
        assertThat(storedCopies()).isEqualTo(7);
        assertThat(waiting()).isEqualTo(13);

        long counted = assertEachFileStoredExactlyOnceAfterARestart(List.of("--data", data.toString()));
        assertThat(counted)
                .as("the halted pass counts nothing; the restart's counts its 13")
                .isEqualTo(13);
    }

    @Test
    void sigkillWhileFilesKeepArrivingLosesNoneAndDuplicatesNone() throws Exception {
        killWhileFilesArrive(List.of("--data", data.toString()));
    }

    @Test
    void sigkillOfAPostgresqlNodeWhileFilesKeepArrivingLosesNoneAndDuplicatesNone() throws Exception {
        try (PostgresTestDatabase db = PostgresTestDatabase.create("intake_crash")) {
            killWhileFilesArrive(List.of("--db", db.url(), "--node", "crashing"));
        }
    }

    private void killWhileFilesArrive(List<String> storage) throws Exception {
        AtomicBoolean stop = new AtomicBoolean();
        try (ChildJvm server = server(storage, List.of())) {
            server.awaitServerUrl();
            Thread writer = Thread.ofPlatform().start(() -> {
                for (int n = 0; !stop.get() && n < 400; n++) {
                    drop(n % 3 == 0 ? "alice" : n % 3 == 1 ? "bob" : "carol", n, null);
                }
            });
            await("files being stored", () -> storedCopies() >= 60);
            server.kill9();
            stop.set(true);
            writer.join();
        }
        assertThat(assertEachFileStoredExactlyOnceAfterARestart(storage)).isBetween(1L, (long) written.size());
    }
}
