package dev.tide.campus.enroll;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tide.api.JobState;
import dev.tide.api.worker.WorkerPool;
import dev.tide.campus.mail.SmtpSettings;
import dev.tide.campus.mail.TestSmtpServer;
import dev.tide.core.Tide;
import dev.tide.core.TideBuilder;
import dev.tide.core.TideConfig;
import dev.tide.core.time.ManualClock;
import jakarta.mail.internet.MimeMessage;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;

/**
 * What the enrollment import's tests run on: a real store (each subclass's) holding Tide's tables and the campus
 * tables, seeded with {@link CampusData} (40 students, sections CS101-01 to CS103-01 of 30 seats), a real SMTP server
 * (GreenMail on a loopback port), a manual clock, and the import defined.
 */
abstract class EnrollmentFixture {
    static final String UPLOADER = "registrar@campus.test";
    static final int STUDENTS = 40;

    @TempDir
    Path temp;

    ManualClock clock;
    TestSmtpServer smtp;
    Tide tide;
    UploadFolder uploads;
    CampusEnrollment enrollment;

    /** The store under test, on {@code builder}. */
    abstract TideBuilder storage(TideBuilder builder, Path folder);

    /** What a test needs in place before {@link CampusEnrollment#define()} runs (a profile of its own, say). */
    void beforeDefine() {}

    @BeforeEach
    void open() {
        clock = new ManualClock(Instant.parse("2026-09-01T06:00:00Z"));
        smtp = TestSmtpServer.onFreePort();
        // no maintenance thread: a retried report comes due only when a test runs maintenance
        tide = storage(Tide.builder(), temp.resolve("tide"))
                .clock(clock)
                .config(TideConfig.defaults().withMaintenanceInterval(null))
                .build();
        uploads = new UploadFolder(temp.resolve("uploads"));
        enrollment = new CampusEnrollment(
                tide, uploads, SmtpSettings.of("127.0.0.1", smtp.port(), "enrollment@campus.test"));
        beforeDefine();
        enrollment.define();
        tide.transaction((c, queue) -> {
            CampusData.seed(c, STUDENTS, 3, 30);
            return null;
        });
    }

    @AfterEach
    void close() {
        tide.close();
        smtp.stop();
    }

    // --- helpers ----------------------------------------------------------------------------------------------------

    static InputStream csv(String text) {
        return new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8));
    }

    /** Runs an application statement in Tide's transaction, as the application would. */
    void sql(String statement, Object... arguments) {
        tide.transaction((c, queue) -> {
            try (PreparedStatement ps = c.prepareStatement(statement)) {
                for (int i = 0; i < arguments.length; i++) {
                    ps.setObject(i + 1, arguments[i]);
                }
                return ps.executeUpdate();
            }
        });
    }

    /** The enrollments as {@code student section line}, of one import's job, or of direct imports when null. */
    List<String> enrollments(Long importJob) {
        return enrollments(tide, importJob);
    }

    /** {@link #enrollments(Long)} in {@code tide}'s store. */
    static List<String> enrollments(Tide tide, Long importJob) {
        return tide.transaction((c, queue) -> {
            String where = importJob == null ? "import_job IS NULL AND import_line IS NOT NULL" : "import_job = ?";
            try (PreparedStatement ps =
                    c.prepareStatement("SELECT student, section, import_line FROM campus_enrollments" + " WHERE "
                            + where + " ORDER BY import_line, student")) {
                if (importJob != null) {
                    ps.setLong(1, importJob);
                }
                List<String> rows = new ArrayList<>();
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        rows.add(rs.getString(1) + " " + rs.getString(2) + " " + rs.getInt(3));
                    }
                }
                return rows;
            }
        });
    }

    int enrolledIn(String section) {
        return tide.transaction((c, queue) -> {
            try (PreparedStatement ps =
                    c.prepareStatement("SELECT count(*) FROM campus_enrollments WHERE section = ?")) {
                ps.setString(1, section);
                try (ResultSet rs = ps.executeQuery()) {
                    rs.next();
                    return rs.getInt(1);
                }
            }
        });
    }

    /** Works the import with {@code workers} workers until its job has ended and its report is in. */
    MimeMessage runUntilReported(long jobId, int workers) throws Exception {
        smtp.start();
        try (WorkerPool pool = enrollment
                .workerPool()
                .concurrency(workers)
                .pollWait(Duration.ofMillis(50))
                .start()) {
            assertThat(smtp.waitForIncomingEmail(30_000, 1)).as("the report").isTrue();
            assertThat(pool.failedAttemptCount())
                    .as("failed attempts: %s", pool.lastProblem())
                    .isEqualTo(enrollment.progress(jobId).rejected());
        }
        assertThat(tide.job(jobId).state()).isEqualTo(JobState.FINISHED);
        List<MimeMessage> reports = smtp.receivedBy(UPLOADER);
        assertThat(reports).hasSize(1);
        assertThat(smtp.received()).isEqualTo(1);
        return reports.get(0);
    }

    /** The report's rejected lines, as listed. */
    static List<String> listed(MimeMessage report) throws Exception {
        return body(report)
                .lines()
                .filter(l -> l.startsWith("- "))
                .map(l -> l.substring(2))
                .toList();
    }

    static String body(MimeMessage message) throws Exception {
        return message.getContent().toString();
    }

    List<Path> uploadFiles() throws IOException {
        try (Stream<Path> files = Files.list(uploads.root())) {
            return new ArrayList<>(files.toList());
        }
    }
}
