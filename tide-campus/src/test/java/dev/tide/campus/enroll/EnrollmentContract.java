package dev.tide.campus.enroll;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tide.api.JobQuery;
import dev.tide.api.JobState;
import dev.tide.api.NewJob;
import dev.tide.api.NewTask;
import dev.tide.api.Outcome;
import dev.tide.api.Profile;
import dev.tide.api.ProfileLimits;
import dev.tide.api.TaskInfo;
import dev.tide.api.TaskQuery;
import dev.tide.api.TaskState;
import dev.tide.api.json.Json;
import dev.tide.api.worker.WorkerPool;
import dev.tide.core.cycle.QueueClient;
import jakarta.mail.internet.MimeMessage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * The enrollment import, queued and direct, the same on every store; each backend's suite supplies the store. The
 * checks run against the seeded tables with a few rows more: CS201, which needs CS200 (nobody has completed it),
 * S000007 already in CS103-01, and CS301-01, whose one seat S000008 holds.
 */
abstract class EnrollmentContract extends EnrollmentFixture {
    /** Two good lines and one of each error, with a header and a blank line. */
    static final String FILE = """
            student,section
            S000001,CS101-01
            S000999,CS101-01
            S000002,CS999-01
            S000003,CS201-01

            S000004,CS102-01
            S000007,CS103-01
            S000005
            S000006,CS301-01
            """;

    static final List<String> ENROLLED = List.of("S000001 CS101-01 2", "S000004 CS102-01 7");

    static final List<LineError> REJECTED = List.of(
            new LineError(3, "S000999", "CS101-01", "no student S000999"),
            new LineError(4, "S000002", "CS999-01", "no section CS999-01"),
            new LineError(5, "S000003", "CS201-01", "missing prerequisite CS200 for CS201"),
            new LineError(8, "S000007", "CS103-01", "already enrolled in CS103-01"),
            new LineError(9, null, null, "line 9: expected student,section"),
            new LineError(10, "S000006", "CS301-01", "section CS301-01 is full (capacity 1)"));

    private void addTheErrorsRows() {
        sql("INSERT INTO campus_courses (code, title) VALUES ('CS200', 'Data Structures'), ('CS201', 'Algorithms'),"
                + " ('CS301', 'Compilers')");
        sql("INSERT INTO campus_prerequisites (course, required_course) VALUES ('CS201', 'CS200'), ('CS201', 'CS100')");
        sql("INSERT INTO campus_sections (code, course, capacity) VALUES ('CS201-01', 'CS201', 30),"
                + " ('CS301-01', 'CS301', 1)");
        sql("INSERT INTO campus_enrollments (student, section)"
                + " VALUES ('S000007', 'CS103-01'), ('S000008', 'CS301-01')");
    }

    /**
     * Queued: the good lines are written with their job and line, every bad one is rejected with its reason, the
     * uploader gets exactly one email listing exactly the bad lines, and the upload is gone.
     */
    @Test
    void aQueuedFileIsCheckedWrittenAndReportedOnce() throws Exception {
        addTheErrorsRows();
        long jobId = enrollment.queueImport(UPLOADER, "fall-2026.csv", csv(FILE));
        assertThat(uploadFiles()).hasSize(1);
        assertThat(enrollment.progress(jobId)).isEqualTo(new ImportProgress(jobId, JobState.OPEN, 8, 0, 0, 0));

        MimeMessage report = runUntilReported(jobId, 4);

        assertThat(enrollments(jobId)).isEqualTo(ENROLLED);
        assertThat(report.getSubject()).isEqualTo("Enrollment import 'fall-2026.csv': 2 enrolled, 6 rejected");
        assertThat(body(report))
                .contains("Lines: 8", "Enrolled: 2", "Rejected: 6")
                .doesNotContain("Not done");
        assertThat(listed(report))
                .containsExactly(
                        "line 3 (S000999,CS101-01): no student S000999",
                        "line 4 (S000002,CS999-01): no section CS999-01",
                        "line 5 (S000003,CS201-01): missing prerequisite CS200 for CS201",
                        "line 8 (S000007,CS103-01): already enrolled in CS103-01",
                        "line 9: expected student,section",
                        "line 10 (S000006,CS301-01): section CS301-01 is full (capacity 1)");
        assertThat(uploadFiles()).isEmpty();
        assertThat(enrollment.progress(jobId)).isEqualTo(new ImportProgress(jobId, JobState.FINISHED, 8, 8, 2, 6));
        // each line had one task, run once: the rejected ones failed for good, nothing was retried
        List<TaskInfo> lines = tide.tasks(TaskQuery.all().withJob(jobId).withType(CampusEnrollment.ENROLLMENT))
                .items();
        assertThat(lines).hasSize(8).allSatisfy(t -> assertThat(t.attempts()).isEqualTo(1));
        assertThat(lines.stream().filter(t -> t.outcome() == Outcome.FAILED)).hasSize(6);
    }

    /** Direct: the same file gives the same rows and the same errors, returned instead of mailed. */
    @Test
    void aDirectImportGivesTheSameRowsAndErrorsAsTheQueuedOne() throws Exception {
        addTheErrorsRows();

        ImportOutcome outcome = enrollment.importDirectly(UPLOADER, csv(FILE));

        assertThat(outcome).isEqualTo(new ImportOutcome(8, 2, REJECTED));
        assertThat(enrollments(null)).isEqualTo(ENROLLED);
        assertThat(outcome.errors().stream().map(LineError::describe)).hasSize(6);
        assertThat(tide.countTasks(TaskQuery.all()).value()).isZero();
        assertThat(uploadFiles()).isEmpty();
        assertThat(smtp.received()).isZero();
    }

    /**
     * More lines for a section than it has seats, checked by 8 workers at once: exactly its capacity is enrolled, and
     * every other line is rejected as full.
     */
    @Test
    void aSectionsCapacityHoldsUnderConcurrentWorkers() throws Exception {
        sql("INSERT INTO campus_courses (code, title) VALUES ('CS400', 'Operating Systems')");
        sql("INSERT INTO campus_sections (code, course, capacity) VALUES ('CS400-01', 'CS400', 10)");
        String file = IntStream.rangeClosed(1, STUDENTS)
                .mapToObj(i -> CampusData.student(i) + ",CS400-01\n")
                .reduce("", String::concat);
        long jobId = enrollment.queueImport(UPLOADER, "os.csv", csv(file));

        MimeMessage report = runUntilReported(jobId, 8);

        assertThat(enrolledIn("CS400-01")).isEqualTo(10);
        assertThat(enrollment.progress(jobId)).isEqualTo(new ImportProgress(jobId, JobState.FINISHED, 40, 40, 10, 30));
        assertThat(listed(report))
                .hasSize(30)
                .allSatisfy(line -> assertThat(line).endsWith(": section CS400-01 is full (capacity 10)"));
    }

    /** A profile of 3 lines a session: each session reads the next 3 lines, no more, and moves the cursor past them. */
    @Test
    void eachReadSessionTakesTheProfilesBlock() {
        tide.profiles()
                .define(Profile.forTaskType(
                        CampusEnrollment.FILE_READ, null, List.of(), ProfileLimits.UNLIMITED.withMaxPerSession(3)));
        enrollment.define(); // keeps the application's profile
        long jobId = enrollment.queueImport(UPLOADER, "eight.csv", csv(CampusData.validFile(8, STUDENTS, 3)));

        for (int session = 1; session <= 3; session++) {
            assertThat(tide.cycles().runOnce(reader()).claimed()).isEqualTo(1);
            int read = Math.min(3 * session, 8);
            ImportCursor cursor = cursor(jobId);
            assertThat(cursor.read()).as("session %d", session).isEqualTo(read);
            assertThat(cursor.line()).isEqualTo(read + 1); // the header is line 1
            assertThat(lineNumbers(jobId))
                    .isEqualTo(IntStream.rangeClosed(2, read + 1).boxed().toList());
        }
        assertThat(readTask(jobId).outcome()).isEqualTo(Outcome.SUCCEEDED);
        assertThat(tide.cycles().runOnce(reader()).claimed()).isZero();
    }

    /** Without a profile of its own, a read session takes {@link CampusEnrollment#READ_BLOCK} lines. */
    @Test
    void theDefaultProfileReadsAHundredLinesASession() {
        long jobId = enrollment.queueImport(UPLOADER, "big.csv", csv(CampusData.validFile(250, STUDENTS, 10)));
        for (int expected : new int[] {100, 200, 250}) {
            tide.cycles().runOnce(reader());
            assertThat(cursor(jobId).read()).isEqualTo(expected);
        }
        assertThat(readTask(jobId).outcome()).isEqualTo(Outcome.SUCCEEDED);
        assertThat(tide.countTasks(TaskQuery.all().withJob(jobId).withType(CampusEnrollment.ENROLLMENT))
                        .value())
                .isEqualTo(250);
    }

    /** Bad input names what is wrong, and leaves no upload, no job, no task and no enrollment. */
    @Test
    void badInputIsRefusedWithNothingWritten() throws Exception {
        String good = CampusData.validFile(3, STUDENTS, 3);
        assertThatThrownBy(() -> enrollment.queueImport("registrar", "fall.csv", csv(good)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("uploader is not an email address: 'registrar'");
        assertThatThrownBy(() -> enrollment.queueImport(UPLOADER, "empty.csv", csv("student,section\n\n  \n")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("the file 'empty.csv' has no enrollment line");
        assertThatThrownBy(() -> enrollment.queueImport(UPLOADER, "../../escape.csv", csv(good)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("fileName '../../escape.csv' is not a plain file name");
        assertThatThrownBy(() -> enrollment.importDirectly("registrar@", csv(good)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("uploader is not an email address");
        assertThatThrownBy(() -> enrollment.importDirectly(UPLOADER, csv("")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("the upload has no enrollment line");

        assertThat(uploadFiles()).isEmpty();
        assertThat(Files.exists(temp.resolve("escape.csv"))).isFalse();
        assertThat(tide.countTasks(TaskQuery.all()).value()).isZero();
        assertThat(tide.jobs(JobQuery.all()).items()).isEmpty();
        assertThat(enrollments(null)).isEmpty();
    }

    /** A read task whose payload names a file outside the upload folder reads nothing; the report says why. */
    @Test
    @SuppressWarnings("try") // the pool works while it is open
    void aReadTaskNamingAFileOutsideTheUploadFolderFails() throws Exception {
        Path secret = Files.writeString(temp.resolve("secret.csv"), "S000001,CS101-01\n");
        long jobId = tide.createJob(NewJob.builder(CampusEnrollment.IMPORT)
                        .owner(UPLOADER)
                        .info(ImportCursor.start("../secret.csv", "secret.csv", 1))
                        .task(NewTask.builder(CampusEnrollment.FILE_READ)
                                .owner(UPLOADER)
                                .payload(new FileReadTask("../secret.csv"))
                                .units(1)
                                .divisible(true)
                                .build())
                        .build())
                .job()
                .id();
        smtp.start();
        try (WorkerPool pool =
                enrollment.workerPool().pollWait(Duration.ofMillis(50)).start()) {
            assertThat(smtp.waitForIncomingEmail(30_000, 1)).isTrue();
        }
        assertThat(readTask(jobId).message()).contains("is not inside the upload folder");
        assertThat(body(smtp.receivedBy(UPLOADER).get(0)))
                .contains("Lines: 1", "Enrolled: 0", "Not done: 1", "The file was not read to its end:");
        assertThat(secret).exists();
        assertThat(enrollments(jobId)).isEmpty();
    }

    /** The SMTP server down when the import ends: the report is retried after its backoff, and sent once. */
    @Test
    @SuppressWarnings("try") // the pool works while it is open
    void theReportWaitsOutTheSmtpServer() throws Exception {
        long jobId = enrollment.queueImport(UPLOADER, "two.csv", csv(CampusData.validFile(2, STUDENTS, 3)));
        try (WorkerPool pool =
                enrollment.workerPool().pollWait(Duration.ofMillis(50)).start()) {
            while (reportTask(jobId) == null
                    || reportTask(jobId).attempts() == 0
                    || reportTask(jobId).state() != TaskState.SCHEDULED) {
                Thread.sleep(20);
            }
        }
        assertThat(reportTask(jobId).message()).contains("Couldn't connect to host");

        clock.advance(Duration.ofMinutes(2)); // past the first backoff: a minute, plus at most 20%
        tide.passes().runMaintenance();
        MimeMessage report = runUntilReported(jobId, 2);
        assertThat(report.getSubject()).isEqualTo("Enrollment import 'two.csv': 2 enrolled, 0 rejected");
        assertThat(reportTask(jobId).attempts()).isEqualTo(2);
        assertThat(uploadFiles()).isEmpty();
    }

    /** A file of {@link CampusData#validFile} enrolls whole against the seeded data, seeded twice (idempotent). */
    @Test
    void campusDataMakesFilesThatEnrollWhole() {
        tide.transaction((c, queue) -> {
            CampusData.seed(c, STUDENTS, 3, 30);
            return null;
        });
        ImportOutcome outcome = enrollment.importDirectly(UPLOADER, csv(CampusData.validFile(90, STUDENTS, 3)));
        assertThat(outcome.errors()).isEmpty();
        assertThat(outcome.enrolled()).isEqualTo(90);
        assertThat(enrolledIn(CampusData.section(3))).isEqualTo(30);
    }

    // --- helpers ----------------------------------------------------------------------------------------------------

    /** A queue client that only reads files: one cycle is one session of the file-read type's profile. */
    private QueueClient reader() {
        return QueueClient.builder("reader")
                .types(Set.of(CampusEnrollment.FILE_READ))
                .handlers(enrollment.handlers())
                .build();
    }

    private ImportCursor cursor(long jobId) {
        return Json.read(tide.job(jobId).info(), ImportCursor.class);
    }

    private List<Integer> lineNumbers(long jobId) {
        return tide.tasks(TaskQuery.all().withJob(jobId).withType(CampusEnrollment.ENROLLMENT)).items().stream()
                .map(t -> t.payloadAs(EnrollmentLine.class).line())
                .sorted()
                .toList();
    }

    private TaskInfo readTask(long jobId) {
        return tide.tasks(TaskQuery.all().withJob(jobId).withType(CampusEnrollment.FILE_READ))
                .items()
                .get(0);
    }

    private TaskInfo reportTask(long jobId) {
        List<TaskInfo> reports = tide.tasks(TaskQuery.all().withType(CampusEnrollment.IMPORT_REPORT))
                .items();
        return reports.isEmpty() ? null : reports.get(0);
    }
}
