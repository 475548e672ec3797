package dev.tide.campus.enroll;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import dev.tide.api.JobState;
import dev.tide.api.Outcome;
import dev.tide.api.Profile;
import dev.tide.api.ProfileLimits;
import dev.tide.api.TaskInfo;
import dev.tide.api.TaskQuery;
import dev.tide.api.worker.WorkerPool;
import dev.tide.campus.JobTasks;
import dev.tide.campus.enroll.EnrollmentCrashChild.Store;
import dev.tide.campus.enroll.ImportWatch.Measure;
import dev.tide.campus.mail.TestSmtpServer;
import dev.tide.core.Tide;
import dev.tide.core.TideConfig;
import dev.tide.core.time.ManualClock;
import jakarta.mail.internet.MimeMessage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Issue 19's restart test of the queued import: a worker process killed with SIGKILL at a random point mid-file, then
 * restarted, neither skips nor repeats a line. Each trial seeds the campus, queues a {@link MixedUpload} of
 * {@value #LINES} lines, read 10 to 25 lines a session, and starts a real worker process ({@link EnrollmentCrashChild},
 * four workers) on the same store, watched from here ({@link ImportWatch}). It is killed
 * ({@link Process#destroyForcibly()}) inside a read session past a random line of the file's first third, and in a
 * third of the trials a new one is killed again once a random number of rows has been written. Then the test's own engine finishes the job,
 * either as the same node restarting (its worker pool hands back the dead one's leases at start) or as another node
 * once the dead one's leases have run out (maintenance reclaims them). The end must be the same as without a crash:
 * every line has exactly one task, every good line one row, the uploader one email listing exactly the bad lines and
 * never one as "already enrolled", and the upload gone.
 *
 * <p>Each trial prints its seed; {@code -Dtide.enrollcrash.seed=N} makes the first trial replay seed {@code N}: the
 * same file, block and targets (a kill still lands where the worker has got to when the target is seen). With
 * {@code -Dtide.slow=true} a soak of {@value #SOAK_TRIALS} more trials runs too.
 */
abstract class EnrollmentCrashContract {
    static final String SEED_PROPERTY = "tide.enrollcrash.seed";
    static final int LINES = 200;
    static final int SOAK_TRIALS = 25;
    static final String UPLOADER = "registrar@campus.test";
    static final String FILE_NAME = "fall-2026.csv";

    private static final long FIRST_SEED = Long.getLong(SEED_PROPERTY, System.nanoTime());
    private static final Instant START = Instant.parse("2026-09-01T06:00:00Z");
    /** Past every lease the dead processes took at {@link #START} (the default lease is 5 minutes). */
    private static final Instant AFTER_THE_LEASES = START.plus(Duration.ofHours(1));

    private static final String STANDBY_NODE = "campus-standby";
    private static final Duration PATIENCE = Duration.ofSeconds(60);

    @TempDir
    Path temp;

    private TestSmtpServer smtp;
    private final List<Process> workers = new ArrayList<>();

    /** The trial's store: a fresh SQLite folder, or the class's PostgreSQL schema (emptied before each trial). */
    abstract Store store(Path folder);

    @BeforeEach
    void startSmtp() {
        smtp = TestSmtpServer.onFreePort();
        smtp.start();
    }

    @AfterEach
    void stopAll() throws InterruptedException {
        for (Process worker : workers) {
            worker.destroyForcibly();
            worker.waitFor(30, TimeUnit.SECONDS);
        }
        smtp.stop();
    }

    @ParameterizedTest(name = "trial {0}")
    @MethodSource("trials")
    void aWorkerKilledMidFileNeitherSkipsNorRepeatsALine(int trial) throws Exception {
        runTrial(trial);
    }

    @Tag("slow")
    @ParameterizedTest(name = "soak trial {0}")
    @MethodSource("soakTrials")
    void aSoakOfMoreTrials(int trial) throws Exception {
        runTrial(trial);
    }

    static IntStream trials() {
        return IntStream.range(0, 5);
    }

    static IntStream soakTrials() {
        return IntStream.range(5, 5 + SOAK_TRIALS);
    }

    private void runTrial(int trial) throws Exception {
        Plan plan = Plan.of(FIRST_SEED + trial);
        StringBuilder story = new StringBuilder(getClass().getSimpleName() + " trial " + trial + ", " + plan + ";");
        Store store = store(temp.resolve("tide"));
        Path uploads = temp.resolve("uploads");
        long jobId = queue(store, uploads, plan);
        killMidFile(store, uploads, jobId, plan, story);
        story.append(
                plan.anotherNodeFinishes() ? " another node finishes after the leases ran out" : " a restart finishes");
        System.out.println(story);
        finishAndCheck(store, uploads, jobId, plan, story.toString());
    }

    /** Seeds the campus, defines the read's profile and the import, and queues the upload; returns its job. */
    private long queue(Store store, Path uploads, Plan plan) {
        try (Tide tide = open(store, START, EnrollmentCrashChild.NODE)) {
            tide.profiles()
                    .define(Profile.forTaskType(
                            CampusEnrollment.FILE_READ,
                            null,
                            List.of(),
                            ProfileLimits.UNLIMITED.withMaxPerSession(plan.readBlock())));
            CampusEnrollment enrollment = EnrollmentCrashChild.enrollment(tide, uploads, smtp.port());
            enrollment.define();
            tide.transaction((c, queue) -> {
                MixedUpload.seed(c);
                return null;
            });
            return enrollment.queueImport(
                    UPLOADER, FILE_NAME, EnrollmentFixture.csv(plan.upload().text()));
        }
    }

    /** Starts a worker process for each of the plan's kills and kills it at its target, checking it landed mid-file. */
    private void killMidFile(Store store, Path uploads, long jobId, Plan plan, StringBuilder story) throws Exception {
        try (ImportWatch watch = new ImportWatch(store.jdbcUrl(), jobId)) {
            int enrolled = 0;
            for (Kill planned : plan.kills()) {
                Kill kill = planned.measure() == Measure.ROWS
                        ? new Kill(Measure.ROWS, Math.max(planned.target(), enrolled + 5)) // past the last kill's
                        : planned;
                if (kill.measure() == Measure.ROWS
                        && kill.target() > plan.upload().rowsAtTheEnd() * 2 / 3) {
                    story.append(" no second kill, the first came late;");
                    return;
                }
                long started = System.nanoTime();
                Process worker = startWorker(store, uploads);
                int seen;
                try {
                    seen = watch.await(kill.measure(), kill.target(), worker, PATIENCE);
                } catch (AssertionError e) {
                    throw new AssertionError(e.getMessage() + "; " + story + " it said:\n" + output(worker), e);
                }
                worker.destroyForcibly(); // SIGKILL: no shutdown hook, no lease handed back, no rollback sent
                assertThat(worker.waitFor(30, TimeUnit.SECONDS)).isTrue();
                ImportProgress at = progress(store, uploads, jobId);
                story.append(String.format(
                        " killed at %d %s (target %d) %d ms after its start: read %d, enrolled %d, rejected %d;",
                        seen,
                        kill.measure(),
                        kill.target(),
                        (System.nanoTime() - started) / 1_000_000,
                        at.read(),
                        at.enrolled(),
                        at.rejected()));
                // mid-file: the job open and lines not done; a kill on the read came before the file's end
                assertThat(at.state()).as(story::toString).isEqualTo(JobState.OPEN);
                assertThat(at.enrolled() + at.rejected()).as(story::toString).isLessThan(LINES);
                if (kill.measure() == Measure.READ) {
                    assertThat(at.read()).as(story::toString).isBetween(kill.target(), LINES - 1);
                } else {
                    assertThat(at.enrolled()).as(story::toString).isGreaterThanOrEqualTo(kill.target());
                }
                enrolled = at.enrolled();
            }
        }
    }

    /**
     * Finishes the job in this process, as the same node restarting or as another one after the dead one's leases ran
     * out, then checks the end: the job finished, one task per line and one row per good line, one report listing
     * exactly the bad lines, the upload gone.
     */
    @SuppressWarnings("try") // the pool works while it is open
    private void finishAndCheck(Store store, Path uploads, long jobId, Plan plan, String story) throws Exception {
        long started = System.nanoTime();
        MixedUpload upload = plan.upload();
        boolean anotherNode = plan.anotherNodeFinishes();
        try (Tide tide = open(
                store,
                anotherNode ? AFTER_THE_LEASES : START,
                anotherNode ? STANDBY_NODE : EnrollmentCrashChild.NODE)) {
            CampusEnrollment enrollment = EnrollmentCrashChild.enrollment(tide, uploads, smtp.port());
            enrollment.define();
            if (anotherNode) {
                // the maintenance leader reclaims the expired leases (on PostgreSQL once the dead one's lock is gone)
                await(() -> tide.passes().runMaintenance(), "this node to lead the maintenance", story);
            }
            try (WorkerPool pool = enrollment
                    .workerPool()
                    .concurrency(EnrollmentCrashChild.WORKERS)
                    .pollWait(Duration.ofMillis(50))
                    .start()) {
                assertThat(smtp.waitForIncomingEmail(PATIENCE.toMillis(), 1))
                        .as("the report; %s", story)
                        .isTrue();
                await(() -> reportEnded(tide), "the report task to end", story);
            }
            assertThat(tide.job(jobId).state()).as(story).isEqualTo(JobState.FINISHED);

            // one task per line of the file: none skipped, none twice
            List<TaskInfo> succeeded = JobTasks.ended(tide, jobId, CampusEnrollment.ENROLLMENT, Outcome.SUCCEEDED);
            List<TaskInfo> failed = JobTasks.ended(tide, jobId, CampusEnrollment.ENROLLMENT, Outcome.FAILED);
            assertThat(tide.countTasks(TaskQuery.all().withJob(jobId).withType(CampusEnrollment.ENROLLMENT))
                            .value())
                    .as(story)
                    .isEqualTo(LINES);
            assertThat(Stream.concat(succeeded.stream(), failed.stream())
                            .map(t -> t.payloadAs(EnrollmentLine.class))
                            .sorted(Comparator.comparingInt(EnrollmentLine::line))
                            .toList())
                    .as(story)
                    .isEqualTo(upload.lines());

            // every good line enrolled once, with its line; of the contenders exactly the seats; no other row
            List<EnrollmentLine> seated = upload.contenders().stream()
                    .filter(line -> succeeded.stream()
                            .anyMatch(t -> t.payloadAs(EnrollmentLine.class).equals(line)))
                    .toList();
            assertThat(seated).as(story).hasSize(MixedUpload.SMALL_CAPACITY);
            List<String> rows = upload.rows(seated);
            assertThat(EnrollmentFixture.enrollments(tide, jobId)).as(story).isEqualTo(rows);
            assertThat(allRows(tide)).as(story).isEqualTo(rows.size());

            // exactly one email, to the uploader, listing exactly the bad lines and the contenders left out
            List<String> listed = upload.listed(seated);
            assertThat(smtp.received()).as(story).isEqualTo(1);
            List<MimeMessage> reports = smtp.receivedBy(UPLOADER);
            assertThat(reports).as(story).hasSize(1);
            MimeMessage report = reports.get(0);
            assertThat(report.getSubject())
                    .as(story)
                    .isEqualTo("Enrollment import '" + FILE_NAME + "': " + rows.size() + " enrolled, " + listed.size()
                            + " rejected");
            assertThat(EnrollmentFixture.body(report)).as(story).doesNotContain("already enrolled", "Not done");
            assertThat(EnrollmentFixture.listed(report)).as(story).isEqualTo(listed);
            assertThat(enrollment.progress(jobId))
                    .as(story)
                    .isEqualTo(new ImportProgress(jobId, JobState.FINISHED, LINES, LINES, rows.size(), listed.size()));
            // a crash inside a lease costs its task an attempt: what ran again shows where the kills landed
            TaskInfo read = JobTasks.ended(tide, jobId, CampusEnrollment.FILE_READ, Outcome.SUCCEEDED)
                    .get(0);
            System.out.printf(
                    "  finished and checked in %d ms; ran again after a kill: %d read sessions, %d lines%n",
                    (System.nanoTime() - started) / 1_000_000,
                    read.attempts() - 1,
                    Stream.concat(succeeded.stream(), failed.stream())
                            .filter(t -> t.attempts() > 1)
                            .count());
        }
        assertThat(uploadFiles(uploads)).as(story).isEmpty();
    }

    private Process startWorker(Store store, Path uploads) throws IOException {
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx256m",
                "-XX:TieredStopAtLevel=1",
                "-XX:+UseSerialGC",
                "-cp",
                System.getProperty("java.class.path"),
                EnrollmentCrashChild.class.getName()));
        command.addAll(store.args());
        command.addAll(List.of(uploads.toString(), Integer.toString(smtp.port()), START.toString()));
        Process worker = new ProcessBuilder(command)
                .redirectErrorStream(true)
                .redirectOutput(log(workers.size() + 1).toFile())
                .start();
        workers.add(worker);
        return worker;
    }

    private Path log(int worker) {
        return temp.resolve("worker-" + worker + ".log");
    }

    private String output(Process worker) throws IOException {
        return Files.readString(log(workers.indexOf(worker) + 1));
    }

    private ImportProgress progress(Store store, Path uploads, long jobId) {
        try (Tide tide = open(store, START, EnrollmentCrashChild.NODE)) {
            return EnrollmentCrashChild.enrollment(tide, uploads, smtp.port()).progress(jobId);
        }
    }

    /** The test's engine: no maintenance thread (it runs maintenance when it means to), the clock standing at {@code at}. */
    private static Tide open(Store store, Instant at, String node) {
        return store.on(Tide.builder())
                .clock(new ManualClock(at))
                .config(TideConfig.defaults().withMaintenanceInterval(null).withNodeName(node))
                .build();
    }

    private static boolean reportEnded(Tide tide) {
        List<TaskInfo> reports = tide.tasks(TaskQuery.all().withType(CampusEnrollment.IMPORT_REPORT))
                .items();
        return reports.size() == 1 && reports.get(0).outcome() == Outcome.SUCCEEDED;
    }

    private static long allRows(Tide tide) {
        return tide.transaction((c, queue) -> {
            try (PreparedStatement ps = c.prepareStatement("SELECT count(*) FROM campus_enrollments");
                    ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getLong(1);
            }
        });
    }

    private static void await(BooleanSupplier condition, String what, String story) throws InterruptedException {
        long deadline = System.nanoTime() + PATIENCE.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                fail("timed out waiting for %s; %s", what, story);
            }
            Thread.sleep(20);
        }
    }

    private static List<Path> uploadFiles(Path uploads) throws IOException {
        try (Stream<Path> files = Files.list(uploads)) {
            return files.toList();
        }
    }

    /** Kill the worker once the import's {@code measure} is at {@code target}. */
    private record Kill(Measure measure, int target) {}

    /**
     * What a trial does, all drawn from its seed: the file, the read block, the kills (the first on the lines read, in
     * the file's first third; in a third of the trials a second on the rows written, before two thirds of them), and
     * who finishes.
     */
    private record Plan(long seed, MixedUpload upload, int readBlock, List<Kill> kills, boolean anotherNodeFinishes) {
        static Plan of(long seed) {
            Random random = new Random(seed);
            MixedUpload upload = MixedUpload.random(random, LINES);
            int readBlock = 10 + random.nextInt(16);
            List<Kill> kills = new ArrayList<>();
            kills.add(new Kill(Measure.READ, readBlock + random.nextInt(LINES / 3 - readBlock + 1)));
            if (random.nextInt(3) == 0) {
                kills.add(new Kill(Measure.ROWS, (int) (upload.rowsAtTheEnd() * (0.1 + 0.55 * random.nextDouble()))));
            }
            return new Plan(seed, upload, readBlock, List.copyOf(kills), random.nextBoolean());
        }

        @Override
        public String toString() {
            return String.format(
                    "seed %d (replay: -D%s=%d): %d lines read %d a session, %d good and %d contenders for %d seats",
                    seed,
                    SEED_PROPERTY,
                    seed,
                    LINES,
                    readBlock,
                    upload.good().size(),
                    upload.contenders().size(),
                    MixedUpload.SMALL_CAPACITY);
        }
    }
}
