package dev.tide.server.intake;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import dev.tide.api.Actor;
import dev.tide.api.ClaimRequest;
import dev.tide.api.EventQuery;
import dev.tide.api.IntakeFile;
import dev.tide.api.IntakeFileQuery;
import dev.tide.api.IntakeStatus;
import dev.tide.api.QueueDefinition;
import dev.tide.api.TaskInfo;
import dev.tide.api.TaskQuery;
import dev.tide.api.TideEvent;
import dev.tide.api.auth.NewAccount;
import dev.tide.api.auth.Role;
import dev.tide.core.Tide;
import dev.tide.core.TideConfig;
import dev.tide.core.contract.FixtureFactory;
import dev.tide.core.contract.QueueFixture;
import dev.tide.core.testing.TempFolders;
import dev.tide.core.time.ManualClock;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Folder intake on a real engine and a real inbox folder, the same on every store: each finished file becomes one task
 * of its user in its queue and is moved aside; files being written are left alone; bad files are rejected with their
 * reason and make no task; the switch stops and resumes intake. The clock is a {@link ManualClock}: file times are set
 * against it, so the settle time is tested without waiting.
 */
public abstract class FolderIntakeContract {
    private static final Instant START = Instant.parse("2030-01-07T09:00:00Z");
    private static final Duration SETTLE = Duration.ofSeconds(2);
    private static final long PAYLOAD_CAP = 1024;

    private ManualClock clock;
    private QueueFixture fixture;
    private Path inbox;
    protected Tide tide;
    protected FolderIntake intake;

    protected abstract FixtureFactory factory();

    @BeforeEach
    void open() {
        clock = new ManualClock(START);
        fixture = factory()
                .open(
                        clock,
                        // The blob cap too: a blob store (the default on SQLite) raises the cap of task payloads.
                        TideConfig.defaults()
                                .withMaintenanceInterval(null)
                                .withPayloadCap(PAYLOAD_CAP)
                                .withBlobPayloadCap(PAYLOAD_CAP));
        tide = fixture.engine();
        inbox = TempFolders.create("tide-inbox-");
        intake = new FolderIntake(
                tide, IntakeSettings.of(inbox).withSettleTime(SETTLE).withClock(clock));
        tide.queues().define(QueueDefinition.named("mail"));
    }

    @AfterEach
    void close() {
        intake.close();
        fixture.close();
        TempFolders.delete(inbox);
    }

    /** A file its writer finished a settle time ago. */
    private Path drop(String user, String queue, String name, byte[] content) throws IOException {
        return drop(user, queue, name, content, clock.instant().minus(SETTLE));
    }

    private Path drop(String user, String queue, String name, String content) throws IOException {
        return drop(user, queue, name, content.getBytes(StandardCharsets.UTF_8));
    }

    private Path drop(String user, String queue, String name, byte[] content, Instant modified) throws IOException {
        Path folder = queue == null ? inbox.resolve(user) : inbox.resolve(user).resolve(queue);
        Path file = Files.createDirectories(folder).resolve(name);
        Files.write(file, content);
        Files.setLastModifiedTime(file, FileTime.from(modified));
        return file;
    }

    private List<TaskInfo> tasks() {
        return tide.tasks(TaskQuery.all().withLimit(TaskQuery.MAX_LIMIT)).items();
    }

    private static List<String> names(Path folder) throws IOException {
        if (!Files.isDirectory(folder)) {
            return List.of();
        }
        try (Stream<Path> files = Files.list(folder)) {
            return files.map(f -> f.getFileName().toString()).sorted().toList();
        }
    }

    @Test
    void aFinishedFileBecomesOneTaskOfItsUserInItsQueueAndIsMovedAside() throws IOException {
        Path file = drop("alice", "mail", "email--welcome.json", "{ \"to\": \"ada\" }");

        FolderIntake.Pass pass = intake.runOnce();

        assertThat(pass).isEqualTo(new FolderIntake.Pass(true, 1, 0, 0));
        TaskInfo task = tasks().getFirst();
        assertThat(tasks()).hasSize(1);
        assertThat(task.owner()).isEqualTo("alice");
        assertThat(task.queue()).isEqualTo("mail");
        assertThat(task.type()).isEqualTo("email");
        assertThat(task.payload()).isEqualTo("{\"to\":\"ada\"}");
        assertThat(file).doesNotExist();
        assertThat(names(file.resolveSibling(".stored"))).containsExactly(task.id() + "-email--welcome.json");
        assertThat(intake.runOnce()).isEqualTo(new FolderIntake.Pass(true, 0, 0, 0));
        assertThat(tasks()).hasSize(1);
        assertThat(tide.intake().status()).isEqualTo(new IntakeStatus(true, 1, 0, START));
        assertThat(files())
                .singleElement()
                .usingRecursiveComparison()
                .ignoringFields("id")
                .isEqualTo(new IntakeFile(
                        0, START, "alice", "mail", "email--welcome.json", IntakeFile.Outcome.STORED, task.id(), null));
    }

    @Test
    void eachFileIsRecordedWhenTheEngineHandledItByTheEnginesClock() throws IOException {
        drop("alice", "mail", "email--1.json", "{}");
        drop("alice", "mail", "email--2.json", "[");
        // the intake's settle clock stands still; the engine's moves on: the record says when the database took it
        clock.advance(Duration.ofMinutes(5));
        intake = new FolderIntake(
                tide, IntakeSettings.of(inbox).withSettleTime(SETTLE).withClock(() -> START));

        intake.runOnce();

        assertThat(files()).extracting(IntakeFile::at).containsOnly(START.plus(Duration.ofMinutes(5)));
        assertThat(files())
                .extracting(IntakeFile::name, IntakeFile::outcome)
                .containsExactly(
                        tuple("email--2.json", IntakeFile.Outcome.REJECTED),
                        tuple("email--1.json", IntakeFile.Outcome.STORED));
    }

    @Test
    void aDisabledUsersFilesAreRejected() throws IOException {
        tide.accounts().addAccount(NewAccount.of("carol", Role.SUBMITTER));
        tide.accounts().disable("carol");
        drop("carol", "mail", "email--1.json", "{}");

        assertThat(intake.runOnce()).isEqualTo(new FolderIntake.Pass(true, 0, 1, 0));
        assertThat(tasks()).isEmpty();
        assertThat(Files.readString(inbox.resolve("carol/mail/.rejected/email--1.json.error")))
                .contains("user 'carol' is disabled");
    }

    @Test
    void otherContentIsWrappedWithItsNameInBase64() throws IOException {
        byte[] content = {'a', ';', 'b', '\n', (byte) 0xff, 0};
        drop("bob", "default", "report.csv", content);

        intake.runOnce();

        TaskInfo task = tasks().getFirst();
        assertThat(task.type()).isEqualTo("report");
        assertThat(task.queue()).isEqualTo("default");
        assertThat(task.owner()).isEqualTo("bob");
        assertThat(task.payload())
                .isEqualTo("{\"fileName\":\"report.csv\",\"contentBase64\":\""
                        + Base64.getEncoder().encodeToString(content) + "\"}");
    }

    @Test
    void aFileFoundAgainAfterACrashBetweenEnqueueAndMoveMakesNoSecondTask() throws IOException {
        Path path = drop("alice", "mail", "email--1.json", "{\"n\":1}");
        // the state a crash after the enqueue leaves: the task is in the database, the file still in the inbox
        InboxFile file = InboxFile.at(path, "alice", "mail");
        long before = tide.enqueue(FileTask.of(file, Files.readAllBytes(path))).id();

        FolderIntake.Pass pass = intake.runOnce();

        assertThat(pass.stored()).isOne();
        assertThat(tasks()).extracting(TaskInfo::id).containsExactly(before);
        assertThat(names(path.resolveSibling(".stored"))).containsExactly(before + "-email--1.json");
    }

    @Test
    void theSameNameWithOtherContentIsANewTaskAndTheSameFileAgainIsNot() throws IOException {
        drop("alice", "mail", "email--x.json", "{\"n\":1}");
        intake.runOnce();
        drop("alice", "mail", "email--x.json", "{\"n\":2}");
        intake.runOnce();
        drop("alice", "mail", "email--x.json", "{\"n\":1}");

        intake.runOnce();

        assertThat(tasks()).extracting(TaskInfo::payload).containsExactlyInAnyOrder("{\"n\":1}", "{\"n\":2}");
        assertThat(names(inbox.resolve("alice/mail"))).containsExactly(".stored");
        assertThat(names(inbox.resolve("alice/mail/.stored"))).hasSize(2);
    }

    @Test
    void filesStillBeingWrittenAreNotRead() throws IOException {
        drop("alice", "mail", ".email--hidden.json", "{\"n\":1}");
        Path tmp = drop("alice", "mail", "email--tmp.json.tmp", "{\"n\":2}");
        drop("alice", "mail", "email--part.json.part", "{\"n\":3}");
        drop("alice", "mail", "email--young.json", "{\"n\":4}".getBytes(StandardCharsets.UTF_8), clock.instant());
        drop("alice", "mail", "email--future.json", "{\"n\":5}".getBytes(StandardCharsets.UTF_8), START.plusSeconds(5));

        assertThat(intake.runOnce()).isEqualTo(new FolderIntake.Pass(true, 0, 0, 0));
        assertThat(tasks()).isEmpty();

        Files.move(tmp, tmp.resolveSibling("email--tmp.json"));
        assertThat(intake.runOnce().stored()).isOne();
        assertThat(tasks()).extracting(TaskInfo::payload).containsExactly("{\"n\":2}");

        clock.advance(SETTLE.minusMillis(1));
        assertThat(intake.runOnce().stored()).isZero();
        clock.advance(Duration.ofMillis(1));
        assertThat(intake.runOnce().stored()).isOne();
        clock.advance(Duration.ofSeconds(5));
        assertThat(intake.runOnce().stored()).isOne();
        assertThat(tasks()).hasSize(3);
        assertThat(names(inbox.resolve("alice/mail")))
                .containsExactly(".email--hidden.json", ".stored", "email--part.json.part");
    }

    @Test
    void badFilesAreRejectedWithTheirReasonAndNothingIsEnqueued() throws IOException {
        drop("alice", "nosuch", "email--1.json", "{}");
        drop("alice", "mail", "email--2.json", "{\n  \"to\": \"ada\",\n  oops\n}");
        drop("alice", "mail", "email--3.json", "{\"pad\":\"" + "x".repeat((int) PAYLOAD_CAP) + "\"}");
        drop("alice", "mail", "report.csv", "y".repeat((int) PAYLOAD_CAP * 3 / 4));
        drop("alice", "mail", "bad type--4.json", "{}");
        drop("alice", null, "email--5.json", "{}");
        Path target = drop("alice", "mail", ".secret", "{}");
        Files.createSymbolicLink(inbox.resolve("alice/mail/email--6.json"), target);

        FolderIntake.Pass pass = intake.runOnce();

        assertThat(pass).isEqualTo(new FolderIntake.Pass(true, 0, 7, 0));
        assertThat(tasks()).isEmpty();
        assertThat(reason("alice/nosuch", "email--1.json")).contains("queue 'nosuch' is not defined");
        assertThat(reason("alice/mail", "email--2.json"))
                .as("the first error, with the line it is on")
                .startsWith("payload: is not valid JSON at line 3, column 3: Unexpected character ('o'");
        assertThat(reason("alice/mail", "email--3.json")).contains("over the cap of 1024 bytes");
        assertThat(reason("alice/mail", "report.csv")).contains("over the cap of 1024 bytes");
        assertThat(reason("alice/mail", "bad type--4.json")).contains("task type 'bad type'");
        assertThat(reason("alice", "email--5.json")).contains("files go in a queue's folder");
        assertThat(reason("alice/mail", "email--6.json")).contains("symbolic link");
        assertThat(names(inbox.resolve("alice/mail"))).containsExactly(".rejected", ".secret");
        assertThat(tide.intake().status().filesRejected()).isEqualTo(7);
        List<IntakeFile> recorded = files();
        assertThat(recorded).hasSize(7).allSatisfy(file -> {
            assertThat(file.outcome()).isEqualTo(IntakeFile.Outcome.REJECTED);
            assertThat(file.taskId()).isNull();
            assertThat(file.owner()).isEqualTo("alice");
            assertThat(file.reason() + "\n")
                    .as("the reason recorded is the one beside the file")
                    .isEqualTo(reason(file.queue() == null ? "alice" : "alice/" + file.queue(), file.name()));
        });
        assertThat(recorded)
                .filteredOn(file -> file.queue() == null)
                .extracting(IntakeFile::name)
                .containsExactly("email--5.json");
    }

    /** The intake's record of files, newest first: every node's, as any node reads it. */
    private List<IntakeFile> files() {
        return tide.intake().files(IntakeFileQuery.recent()).items();
    }

    /** The reason a rejected file was given; the file itself is next to it. */
    private String reason(String folder, String name) throws IOException {
        Path rejected = inbox.resolve(folder).resolve(".rejected");
        assertThat(rejected.resolve(name)).exists();
        return Files.readString(rejected.resolve(name + ".error"));
    }

    @Test
    void aQueueAtItsPendingBoundLeavesFilesForALaterPass() throws IOException {
        tide.queues().define(QueueDefinition.named("mail").withPendingBounds(1, null, null));
        drop("alice", "mail", "email--1.json", "{\"n\":1}");
        drop("alice", "mail", "email--2.json", "{\"n\":2}");

        assertThat(intake.runOnce()).isEqualTo(new FolderIntake.Pass(true, 1, 0, 1));
        assertThat(inbox.resolve("alice/mail/email--2.json")).exists();
        assertThat(tide.claim(ClaimRequest.of("mail", "w", 1))).hasSize(1);

        assertThat(intake.runOnce()).isEqualTo(new FolderIntake.Pass(true, 1, 0, 0));
        assertThat(tasks()).extracting(TaskInfo::payload).containsExactlyInAnyOrder("{\"n\":1}", "{\"n\":2}");
    }

    @Test
    @SuppressWarnings("try") // the Actor.Scope names who acts inside it; never read
    void switchedOffTheIntakeTakesNothingUntilSwitchedOnAgain() throws IOException {
        try (Actor.Scope as = Actor.enter("ops:ada")) {
            assertThat(tide.intake().switchTo(false).enabled()).isFalse();
        }
        Path file = drop("alice", "mail", "email--1.json", "{}");

        assertThat(intake.runOnce()).isEqualTo(new FolderIntake.Pass(false, 0, 0, 0));
        assertThat(file).exists();
        assertThat(tasks()).isEmpty();
        assertThat(tide.intake().status()).isEqualTo(new IntakeStatus(false, 0, 0, null));

        tide.intake().switchTo(true);
        assertThat(intake.runOnce().stored()).isOne();
        assertThat(tide.intake().status()).isEqualTo(new IntakeStatus(true, 1, 0, START));
        List<TideEvent> switches = tide.monitoring().events(EventQuery.recent()).stream()
                .filter(e -> e.kind().startsWith("intake."))
                .toList();
        assertThat(switches).extracting(TideEvent::kind).containsExactly("intake.enabled", "intake.disabled");
        assertThat(switches.get(1).detail()).isEqualTo("{\"actor\":\"ops:ada\"}");
    }

    @Test
    @SuppressWarnings("try") // the intake runs while it is open; the body only drops files and waits
    void thePeriodicPassesTakeFilesDroppedWhileTheyRun() throws Exception {
        try (FolderIntake running = FolderIntake.start(
                tide,
                IntakeSettings.of(inbox)
                        .withPollInterval(Duration.ofMillis(50))
                        .withSettleTime(SETTLE)
                        .withClock(clock))) {
            drop("alice", "mail", "email--1.json", "{}");
            long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
            while (tasks().isEmpty()) {
                assertThat(System.nanoTime()).as("the file taken").isLessThan(deadline);
                Thread.sleep(20);
            }
        }
        assertThat(tasks()).hasSize(1);
    }
}
