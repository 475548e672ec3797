package dev.tide.campus.mail;

import dev.tide.api.TaskInfo;
import dev.tide.api.TaskQuery;
import dev.tide.core.Tide;
import dev.tide.core.TideBuilder;
import dev.tide.core.TideConfig;
import dev.tide.core.time.ManualClock;
import jakarta.mail.internet.MimeMessage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;

/**
 * What the mailer's tests run on: a real SMTP server (GreenMail on a loopback port), a real store (each subclass's), a
 * manual clock, and the mailer with table 9 defined in the university's zone.
 */
abstract class MailerFixture {
    static final String OWNER = "registrar@campus.test";

    @TempDir
    Path temp;

    ManualClock clock;
    TestSmtpServer smtp;
    Tide tide;
    MailFolder folder;
    CampusMailer mailer;

    /** The store under test, on {@code builder}. */
    abstract TideBuilder storage(TideBuilder builder, Path folder);

    @BeforeEach
    void open() {
        clock = new ManualClock(local(2026, 11, 25, 0, 0)); // a Wednesday
        smtp = TestSmtpServer.onFreePort("nobody@campus.test");
        // no maintenance thread: nothing moves but what the test drives (retried tasks come due via runMaintenance)
        tide = storage(Tide.builder(), temp.resolve("tide"))
                .clock(clock)
                .config(TideConfig.defaults().withMaintenanceInterval(null))
                .build();
        folder = new MailFolder(temp.resolve("mail"));
        mailer = new CampusMailer(
                tide,
                folder,
                SmtpSettings.of("127.0.0.1", smtp.port(), "mailer@campus.test"),
                CampusMailer.UNIVERSITY_ZONE);
        mailer.define();
    }

    @AfterEach
    void close() {
        tide.close();
        smtp.stop();
    }

    // --- helpers ----------------------------------------------------------------------------------------------------

    static java.time.Instant local(int year, int month, int day, int hour, int minute) {
        return LocalDateTime.of(year, month, day, hour, minute)
                .atZone(CampusMailer.UNIVERSITY_ZONE)
                .toInstant();
    }

    static List<String> students(int n) {
        return IntStream.rangeClosed(1, n)
                .mapToObj(i -> String.format("student%04d@campus.test", i))
                .toList();
    }

    List<TaskInfo> messages(long jobId) {
        return tide.tasks(TaskQuery.all().withJob(jobId).withType(CampusMailer.MESSAGE))
                .items();
    }

    List<Path> bodyFiles() throws IOException {
        try (Stream<Path> files = Files.list(folder.root())) {
            return new ArrayList<>(files.toList());
        }
    }

    static String body(MimeMessage message) throws Exception {
        return message.getContent().toString();
    }
}
