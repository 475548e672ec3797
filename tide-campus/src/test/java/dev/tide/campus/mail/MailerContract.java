package dev.tide.campus.mail;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tide.api.JobInfo;
import dev.tide.api.JobState;
import dev.tide.api.Outcome;
import dev.tide.api.TaskInfo;
import dev.tide.api.TaskQuery;
import dev.tide.api.TaskState;
import dev.tide.api.worker.WorkerPool;
import dev.tide.core.cycle.CycleReport;
import jakarta.mail.internet.MimeMessage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The campus mailer's mailings, retries and refusals, the same on every store; each backend's suite supplies the store.
 */
abstract class MailerContract extends MailerFixture {
    /** A mailing of 1,000: every student gets one message, every body file is deleted, the owner gets one report. */
    @Test
    void aMailingOfAThousandIsDeliveredAndReported() throws Exception {
        smtp.start();
        clock.set(local(2026, 11, 26, 9, 0)); // Thursday
        List<String> students = students(1000);
        long jobId = mailer.queueMailing(OWNER, "Welcome", "Welcome to the new term.", students);
        assertThat(bodyFiles()).hasSize(1000);

        try (WorkerPool pool = mailer.workerPool()
                .concurrency(8)
                .pollWait(Duration.ofMillis(100))
                .start()) {
            assertThat(smtp.waitForIncomingEmail(30_000, 1001)).isTrue();
            assertThat(pool.failedAttemptCount()).isZero();
        }

        Map<String, Integer> perRecipient = new LinkedHashMap<>();
        for (MimeMessage message : smtp.getReceivedMessages()) {
            TestSmtpServer.recipients(message).forEach(to -> perRecipient.merge(to, 1, Integer::sum));
        }
        assertThat(perRecipient).hasSize(1001);
        students.forEach(s -> assertThat(perRecipient).containsEntry(s, 1));
        assertThat(bodyFiles()).isEmpty();

        List<MimeMessage> reports = smtp.receivedBy(OWNER);
        assertThat(reports).hasSize(1);
        assertThat(reports.get(0).getSubject()).isEqualTo("Mailing 'Welcome' succeeded: 1000 sent, 0 failed");
        assertThat(body(reports.get(0)))
                .contains("Messages: 1000", "Sent: 1000", "Failed: 0")
                .doesNotContain("Not sent");
        JobInfo job = tide.job(jobId);
        assertThat(job.state()).isEqualTo(JobState.FINISHED);
        assertThat(job.outcome()).isEqualTo(Outcome.SUCCEEDED);
    }

    /**
     * The SMTP server down for the first attempt: every message is retried after the backoff, its body file kept; once
     * it is up, the messages go out, the address it refuses (550) fails for good without another attempt, and the
     * report lists it with the server's reason.
     */
    @Test
    void aServerDownIsWaitedOutAndARefusedAddressIsReported() throws Exception {
        clock.set(local(2026, 11, 25, 2, 0)); // Wednesday after hours: 5 a session
        long jobId = mailer.queueMailing(
                OWNER,
                "Fees",
                "Your fees are due.",
                List.of("ada@campus.test", "nobody@campus.test", "alan@campus.test"));

        CycleReport down = tide.cycles().runOnce(mailer.cycleClient());
        assertThat(down.claimed()).isEqualTo(3);
        assertThat(down.failed()).isEqualTo(3);
        for (TaskInfo message : messages(jobId)) {
            assertThat(message.state()).isEqualTo(TaskState.SCHEDULED);
            assertThat(message.attempts()).isEqualTo(1);
            assertThat(message.message()).contains("Couldn't connect to host").contains("Connection refused");
        }
        assertThat(bodyFiles()).hasSize(3);

        smtp.start();
        clock.advance(Duration.ofMinutes(2)); // past the first backoff: a minute, plus at most 20%
        tide.passes().runMaintenance();
        CycleReport up = tide.cycles().runOnce(mailer.cycleClient());
        assertThat(up.succeeded()).isEqualTo(3); // two messages and the report
        assertThat(up.failed()).isEqualTo(1);

        assertThat(smtp.receivedBy("ada@campus.test")).hasSize(1);
        assertThat(smtp.receivedBy("alan@campus.test")).hasSize(1);
        assertThat(smtp.receivedBy("nobody@campus.test")).isEmpty();
        TaskInfo refused = messages(jobId).stream()
                .filter(t -> t.payload().contains("nobody@"))
                .findFirst()
                .orElseThrow();
        assertThat(refused.outcome()).isEqualTo(Outcome.FAILED);
        assertThat(refused.attempts()).isEqualTo(2).isLessThan(refused.maxAttempts());
        assertThat(refused.message()).contains("550 5.1.1 <nobody@campus.test>: no such mailbox");
        // the sent messages' files are gone; the refused one's stays, for a retry after the address is fixed
        assertThat(bodyFiles())
                .containsExactly(
                        folder.resolve(refused.payloadAs(MessageTask.class).bodyFile()));

        List<MimeMessage> reports = smtp.receivedBy(OWNER);
        assertThat(reports).hasSize(1);
        assertThat(reports.get(0).getSubject()).isEqualTo("Mailing 'Fees' failed: 2 sent, 1 failed");
        assertThat(body(reports.get(0)))
                .contains("Sent: 2", "Failed: 1", "Not sent:")
                .contains("- nobody@campus.test: Invalid Addresses; 550 5.1.1 <nobody@campus.test>: no such mailbox")
                .doesNotContain("TaskFailure");

        // nothing is left: the refused message is not tried again, however many cycles come
        clock.advance(Duration.ofHours(2));
        tide.passes().runMaintenance();
        assertThat(tide.cycles().runOnce(mailer.cycleClient()).claimed()).isZero();
        assertThat(smtp.received()).isEqualTo(3);
    }

    /**
     * A server down through all of a message's attempts: each is retried after the backoff, the last fails the message
     * for good and ends the mailing; its report waits for the server too, and then names the message and why.
     */
    @Test
    void aMessageWhoseAttemptsRunOutIsReportedOnceTheServerIsBack() throws Exception {
        clock.set(local(2026, 11, 25, 1, 0)); // Wednesday after hours
        long jobId = mailer.queueMailing(OWNER, "Library", "Your books are due.", List.of("ada@campus.test"));

        for (int attempt = 1; attempt <= CampusMailer.MESSAGE_ATTEMPTS; attempt++) {
            tide.passes().runMaintenance();
            CycleReport cycle = tide.cycles().runOnce(mailer.cycleClient());
            // the last attempt ends the mailing, and its report, claimed in the same cycle, fails to go out as well
            assertThat(cycle.failed())
                    .as("attempt %d", attempt)
                    .isEqualTo(attempt < CampusMailer.MESSAGE_ATTEMPTS ? 1 : 2);
            assertThat(messages(jobId).get(0).attempts()).isEqualTo(attempt);
            assertThat(bodyFiles()).hasSize(1);
            clock.advance(Duration.ofMinutes(15)); // past every backoff up to the fifth: 1, 2, 4, 8 minutes, +-20%
        }
        TaskInfo message = messages(jobId).get(0);
        assertThat(message.outcome()).isEqualTo(Outcome.FAILED);
        assertThat(tide.job(jobId).state()).isEqualTo(JobState.FINISHED);

        smtp.start();
        tide.passes().runMaintenance();
        assertThat(tide.cycles().runOnce(mailer.cycleClient()).succeeded()).isEqualTo(1); // the report, retried
        List<MimeMessage> reports = smtp.receivedBy(OWNER);
        assertThat(reports).hasSize(1);
        assertThat(reports.get(0).getSubject()).isEqualTo("Mailing 'Library' failed: 0 sent, 1 failed");
        assertThat(body(reports.get(0)))
                .contains("- ada@campus.test: Couldn't connect to host, port: 127.0.0.1, " + smtp.port())
                .contains("Connection refused");
        assertThat(smtp.received()).isEqualTo(1);
    }

    /** Bad input names what is wrong and writes nothing: no body file, no job. */
    @Test
    void aMailingWithABadAddressIsRefusedBeforeAnythingIsWritten() throws Exception {
        assertThatThrownBy(
                        () -> mailer.queueMailing(OWNER, "Fees", "Due.", List.of("ada@campus.test", "not an address")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("recipients[1] is not an email address: 'not an address'");
        assertThatThrownBy(() -> mailer.queueMailing("registrar", "Fees", "Due.", List.of("ada@campus.test")))
                .hasMessageContaining("owner is not an email address");
        assertThat(bodyFiles()).isEmpty();
        assertThat(tide.countTasks(TaskQuery.all()).value()).isZero();
    }

    /** A body file named outside the mail folder is not read: the task fails for good, saying why. */
    @Test
    void aPayloadNamingAFileOutsideTheMailFolderFails() throws Exception {
        smtp.start();
        Path secret = Files.writeString(temp.resolve("secret.txt"), "not for mailing");
        long id = tide.enqueue(dev.tide.api.NewTask.of(
                        CampusMailer.MESSAGE, new MessageTask(List.of("ada@campus.test"), "Hi", "../secret.txt")))
                .task()
                .id();
        tide.cycles().runOnce(mailer.cycleClient());
        TaskInfo task = tide.task(id);
        assertThat(task.outcome()).isEqualTo(Outcome.FAILED);
        assertThat(task.message()).contains("is not inside the mail folder");
        assertThat(smtp.received()).isZero();
        assertThat(secret).exists();
    }
}
