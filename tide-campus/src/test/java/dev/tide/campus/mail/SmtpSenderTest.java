package dev.tide.campus.mail;

import static org.assertj.core.api.Assertions.assertThat;

import jakarta.mail.internet.MimeMessage;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** What a real SMTP server receives from the sender: one Message-ID per task, whatever the attempt. */
class SmtpSenderTest {
    private final TestSmtpServer smtp = TestSmtpServer.onFreePort();
    private final SmtpSender sender =
            new SmtpSender(SmtpSettings.of("127.0.0.1", smtp.port(), "registrar@campus.test"));

    @BeforeEach
    void start() {
        smtp.start();
    }

    @AfterEach
    void stop() {
        smtp.stop();
    }

    @Test
    void everyAttemptOfATaskSendsTheSameMessageIdAndOtherTasksOthers() throws Exception {
        sender.send(7, List.of("ada@campus.test"), "Fees", "first attempt");
        sender.send(7, List.of("ada@campus.test"), "Fees", "an attempt whose acknowledgement was lost");
        sender.send(8, List.of("ada@campus.test"), "Fees", "another task");

        List<MimeMessage> received = smtp.receivedBy("ada@campus.test");
        assertThat(received).hasSize(3);
        assertThat(received.get(0).getMessageID()).isEqualTo("<tide-task-7@campus.test>");
        assertThat(received.get(1).getMessageID()).isEqualTo("<tide-task-7@campus.test>");
        assertThat(received.get(2).getMessageID()).isEqualTo("<tide-task-8@campus.test>");
    }
}
