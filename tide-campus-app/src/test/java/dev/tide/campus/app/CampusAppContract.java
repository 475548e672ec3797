package dev.tide.campus.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tide.api.JobState;
import dev.tide.api.TaskQuery;
import dev.tide.campus.app.demo.DemoMailServer;
import dev.tide.campus.app.demo.ReceivedMail;
import dev.tide.campus.enroll.CampusData;
import dev.tide.core.Tide;
import dev.tide.server.TideServer;
import dev.tide.spring.TideTest;
import dev.tide.spring.TideTestSupport;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.DayOfWeek;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.time.temporal.TemporalAdjusters;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * The application over real HTTP, sending to a real SMTP server (the tests' own, as {@code campus.smtp} names it), on
 * one store (the subclasses choose it). Tasks run when a test says ({@link TideTest}), on a clock set to a Thursday in
 * Riyadh, the university's weekend, when table 9 lets 1000 messages an hour through.
 */
@TideTest
abstract class CampusAppContract {
    static final int STUDENTS = 40;
    static final int SECTIONS = 4;
    static final int CAPACITY = 10;
    static final String UPLOADER = "registrar@campus.example";

    @TempDir
    static Path folder;

    static DemoMailServer smtp;

    @DynamicPropertySource
    static void campus(DynamicPropertyRegistry registry) {
        smtp = DemoMailServer.start();
        registry.add("campus.demo", () -> "false");
        registry.add("campus.smtp.host", () -> DemoMailServer.HOST);
        registry.add("campus.smtp.port", smtp::port);
        registry.add("campus.mail-folder", () -> folder.resolve("mail").toString());
        registry.add("campus.upload-folder", () -> folder.resolve("uploads").toString());
        registry.add("tide.data-folder", () -> folder.resolve("tide").toString());
        registry.add("tide.server.port", () -> "0");
        registry.add("spring.servlet.multipart.max-file-size", () -> "64KB");
    }

    @AfterAll
    static void stopSmtp() {
        smtp.close();
    }

    @Autowired
    Tide tide;

    @Autowired
    TideTestSupport tasks;

    @Autowired
    TideServer tideServer;

    @LocalServerPort
    int port;

    Browser browser;

    @BeforeEach
    void freshEnrollmentsOnAThursday() {
        browser = Browser.on(port);
        tide.transaction((connection, queue) -> {
            CampusData.seed(connection, STUDENTS, SECTIONS, CAPACITY);
            connection.createStatement().execute("DELETE FROM campus_enrollments");
            return null;
        });
        ZoneId riyadh = ZoneId.of("Asia/Riyadh");
        Instant thursday = LocalDate.now(riyadh)
                .with(TemporalAdjusters.next(DayOfWeek.THURSDAY))
                .atTime(1, 0)
                .atZone(riyadh)
                .toInstant();
        if (tasks.now().isBefore(thursday)) {
            tasks.clock().set(thursday);
        }
    }

    /** 12 lines that go through, then a student who does not exist, a line without a section, and line 2 again. */
    static String fileWithThreeBadLines() {
        return CampusData.validFile(12, STUDENTS, SECTIONS) + "S999999,CS101-01\nS000001\nS000001,CS101-01\n";
    }

    @Test
    void aQueuedUploadBecomesAJobThatEnrollsTheLinesAndMailsTheUploaderOneReportOfTheBadOnes() throws Exception {
        HttpResponse<String> queued = upload(UPLOADER, "queued", "fall.csv", fileWithThreeBadLines());

        assertThat(queued.statusCode()).as(queued.body()).isEqualTo(303);
        String progressPage = queued.headers().firstValue("Location").orElseThrow();
        assertThat(progressPage).matches("/enrollments/imports/\\d+");
        long job = Long.parseLong(progressPage.substring(progressPage.lastIndexOf('/') + 1));
        HttpResponse<String> waiting = browser.get(progressPage);
        assertThat(waiting.statusCode()).isEqualTo(200);
        assertThat(waiting.body())
                .contains("Import job " + job, "Queued", "<dd id=\"lines\">15</dd>", "<dd id=\"enrolled\">0</dd>");
        assertThat(enrollments(job)).isZero();

        assertThat(tasks.runReadyTasks())
                .as("the read, 15 enrollments, the report")
                .isGreaterThanOrEqualTo(17);

        HttpResponse<String> done = browser.get(progressPage);
        assertThat(done.body())
                .contains("Finished", "<dd id=\"read\">15</dd>", "<dd id=\"enrolled\">12</dd>")
                .contains("<dd id=\"rejected\">3</dd>");
        assertThat(enrollments(job)).isEqualTo(12);
        assertThat(tide.job(job).state()).isEqualTo(JobState.FINISHED);
        List<ReceivedMail> reports = smtp.receivedBy(UPLOADER);
        assertThat(reports).hasSize(1);
        assertThat(reports.get(0).subject()).contains("fall.csv", "12 enrolled, 3 rejected");
        assertThat(reports.get(0).body())
                .contains("line 14 (S999999,CS101-01): no student S999999")
                .contains("line 15: expected student,section")
                .contains("line 16 (S000001,CS101-01): already enrolled in CS101-01");
        assertThat(uploadFolderFiles()).as("the upload, deleted once read").isEmpty();
    }

    @Test
    void theSameFileImportedDirectlyShowsTheCountsTheErrorsAndTheTimeTaken() throws Exception {
        long tasksBefore = tide.countTasks(TaskQuery.all()).value();
        int mailsBefore = smtp.received().size();

        HttpResponse<String> outcome = upload(UPLOADER, "directly", "fall.csv", fileWithThreeBadLines());

        assertThat(outcome.statusCode()).as(outcome.body()).isEqualTo(200);
        assertThat(outcome.body())
                .contains("Imported fall.csv")
                .contains("<dd id=\"lines\">15</dd>", "<dd id=\"enrolled\">12</dd>", "<dd id=\"errors\">3</dd>")
                .containsPattern("<dd id=\"took\">\\d+ ms</dd>")
                .contains("<td>14</td><td>S999999</td><td>CS101-01</td><td>no student S999999</td>")
                .contains("<td>15</td><td></td><td></td><td>line 15: expected student,section</td>")
                .contains("<td>16</td><td>S000001</td><td>CS101-01</td><td>already enrolled in CS101-01</td>");
        assertThat(allEnrollments()).isEqualTo(12);
        assertThat(tide.countTasks(TaskQuery.all()).value())
                .as("nothing queued")
                .isEqualTo(tasksBefore);
        assertThat(smtp.received()).as("nothing mailed").hasSize(mailsBefore);
    }

    @Test
    void aMailingToTheStudentsOfASectionReachesEachOfThemAndItsOwnerGetsTheReport() throws Exception {
        // Students 1 and 2 into each of the 4 sections.
        assertThat(upload(UPLOADER, "directly", "two.csv", CampusData.validFile(8, STUDENTS, SECTIONS))
                        .statusCode())
                .isEqualTo(200);

        HttpResponse<String> queued = browser.post(
                "/mailings",
                Map.of(
                        "owner", "teacher@campus.example",
                        "subject", "Exam timetable",
                        "body", "The exam is on Sunday at 9.",
                        "recipients", "section",
                        "section", "CS102-01"));

        assertThat(queued.statusCode()).as(queued.body()).isEqualTo(303);
        String mailingPage = queued.headers().firstValue("Location").orElseThrow();
        assertThat(browser.get(mailingPage).body()).contains("Exam timetable", "<dd id=\"total\">2</dd>");
        tasks.runReadyTasks();

        for (String student : List.of("s000001@campus.example", "s000002@campus.example")) {
            List<ReceivedMail> got = smtp.receivedBy(student);
            assertThat(got).as(student).hasSize(1);
            assertThat(got.get(0).subject()).isEqualTo("Exam timetable");
            assertThat(got.get(0).body()).contains("The exam is on Sunday at 9.");
        }
        assertThat(smtp.receivedBy("s000003@campus.example")).isEmpty();
        assertThat(smtp.receivedBy("teacher@campus.example"))
                .singleElement()
                .satisfies(report -> assertThat(report.subject()).contains("Exam timetable"));
        assertThat(browser.get(mailingPage).body()).contains("Finished", "<dd id=\"sent\">2</dd>");
    }

    @Test
    void aMailingToTypedAddressesReachesEachOfThem() throws Exception {
        HttpResponse<String> queued = browser.post(
                "/mailings",
                Map.of(
                        "owner", "teacher@campus.example",
                        "subject", "Welcome",
                        "body", "Welcome to the department.",
                        "recipients", "addresses",
                        "addresses", "ada@campus.example,\n grace@campus.example"));

        assertThat(queued.statusCode()).as(queued.body()).isEqualTo(303);
        tasks.runReadyTasks();

        assertThat(smtp.receivedBy("ada@campus.example"))
                .singleElement()
                .satisfies(m -> assertThat(m.subject()).isEqualTo("Welcome"));
        assertThat(smtp.receivedBy("grace@campus.example")).hasSize(1);
    }

    @Test
    void anUploadWithoutAFileWithABadAddressOrWithoutAnEnrollmentLineAnswersTheFormWithTheErrorAndWritesNothing()
            throws Exception {
        long tasksBefore = tide.countTasks(TaskQuery.all()).value();
        String good = fileWithThreeBadLines();

        assertRefused(
                browser.upload("/enrollments/upload", Map.of("uploader", UPLOADER, "mode", "queued"), "", null),
                "file: choose an enrollment file (CSV) to upload");
        assertRefused(upload("not-an-address", "queued", "fall.csv", good), "uploader is not an email address");
        assertRefused(upload("not-an-address", "directly", "fall.csv", good), "uploader is not an email address");
        assertRefused(upload(UPLOADER, "queued", "empty.csv", ""), "has no enrollment line");
        assertRefused(upload(UPLOADER, "directly", "empty.csv", ""), "has no enrollment line");
        assertRefused(upload(UPLOADER, "queued", "header.csv", "student,section\n\n"), "has no enrollment line");
        assertRefused(upload(UPLOADER, "later", "fall.csv", good), "mode: choose directly or queued");

        assertThat(tide.countTasks(TaskQuery.all()).value()).isEqualTo(tasksBefore);
        assertThat(allEnrollments()).isZero();
        assertThat(uploadFolderFiles()).isEmpty();
    }

    @Test
    void anUploadOverTheSizeLimitAnswersTheFormWith413AndWritesNothing() throws Exception {
        long tasksBefore = tide.countTasks(TaskQuery.all()).value();
        String large =
                CampusData.validFile(STUDENTS * SECTIONS, STUDENTS, SECTIONS).repeat(400);

        HttpResponse<String> refused = upload(UPLOADER, "queued", "large.csv", large);

        assertThat(refused.statusCode()).isEqualTo(413);
        assertThat(refused.body())
                .contains("<form", "file: larger than 64KB, the most an upload may be")
                .contains("spring.servlet.multipart.max-file-size");
        assertThat(tide.countTasks(TaskQuery.all()).value()).isEqualTo(tasksBefore);
        assertThat(uploadFolderFiles()).isEmpty();
    }

    @Test
    void aMailingWithAnUnknownSectionOrABadAddressAnswersTheFormWithTheErrorAndWritesNothing() throws Exception {
        long tasksBefore = tide.countTasks(TaskQuery.all()).value();
        List<Path> bodiesBefore = mailFolderFiles();
        Map<String, String> toSection = Map.of(
                "owner", "teacher@campus.example",
                "subject", "Fees",
                "body", "Fees are due.",
                "recipients", "section",
                "section", "CS999-01");

        assertRefused(browser.post("/mailings", toSection), "section: no section CS999-01");
        assertRefused(
                browser.post("/mailings", with(toSection, "section", "CS101-01")),
                "section: nobody is enrolled in CS101-01 yet");
        HttpResponse<String> badAddress = browser.post(
                "/mailings", with(with(toSection, "recipients", "addresses"), "addresses", "ada@campus.example, ada"));
        assertRefused(badAddress, "recipients[1] is not an email address: 'ada'");
        assertThat(badAddress.body()).as("what was typed, kept").contains("Fees are due.");
        assertRefused(browser.post("/mailings", with(toSection, "owner", "")), "owner is required");
        assertRefused(browser.post("/mailings", with(toSection, "body", " ")), "body: write the message");

        assertThat(tide.countTasks(TaskQuery.all()).value()).isEqualTo(tasksBefore);
        assertThat(mailFolderFiles()).isEqualTo(bodiesBefore);
    }

    @Test
    void anUnknownImportIsNotFound() throws Exception {
        HttpResponse<String> page = browser.get("/enrollments/imports/987654");

        assertThat(page.statusCode()).isEqualTo(404);
        assertThat(page.body()).contains("job 987654 not found");
        assertThat(browser.get("/mailings/abc").statusCode()).isEqualTo(404);
    }

    @Test
    void theHomePageLinksToTheDashboardWhichAnswersOnTidesOwnPort() throws Exception {
        String dashboard = "http://127.0.0.1:" + tideServer.port() + "/ui";

        HttpResponse<String> home = browser.get("/");
        HttpResponse<String> signIn = browser.get(dashboard + "/sign-in");

        assertThat(home.statusCode()).isEqualTo(200);
        assertThat(home.body()).contains("href=\"" + dashboard + "\"", "/enrollments/upload", "/mailings/new");
        assertThat(signIn.statusCode()).isEqualTo(200);
        assertThat(signIn.body()).contains("Sign in to Tide", "<form");
    }

    HttpResponse<String> upload(String uploader, String mode, String fileName, String csv) throws Exception {
        return browser.upload(
                "/enrollments/upload",
                Map.of("uploader", uploader, "mode", mode),
                fileName,
                csv.getBytes(StandardCharsets.UTF_8));
    }

    static void assertRefused(HttpResponse<String> answer, String error) {
        assertThat(answer.statusCode()).as(answer.body()).isEqualTo(400);
        assertThat(answer.body()).contains("<form", "role=\"alert\"", error);
    }

    static Map<String, String> with(Map<String, String> form, String field, String value) {
        Map<String, String> changed = new HashMap<>(form);
        changed.put(field, value);
        return changed;
    }

    int enrollments(long job) {
        return count("SELECT count(*) FROM campus_enrollments WHERE import_job = " + job);
    }

    int allEnrollments() {
        return count("SELECT count(*) FROM campus_enrollments");
    }

    private int count(String sql) {
        return tide.transaction((connection, queue) -> {
            try (PreparedStatement statement = connection.prepareStatement(sql);
                    ResultSet rows = statement.executeQuery()) {
                rows.next();
                return rows.getInt(1);
            }
        });
    }

    static List<Path> uploadFolderFiles() {
        return files(folder.resolve("uploads"));
    }

    static List<Path> mailFolderFiles() {
        return files(folder.resolve("mail"));
    }

    private static List<Path> files(Path dir) {
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        try (Stream<Path> files = Files.list(dir)) {
            return files.sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
