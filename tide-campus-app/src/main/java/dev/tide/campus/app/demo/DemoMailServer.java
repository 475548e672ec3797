package dev.tide.campus.app.demo;

import com.icegreen.greenmail.util.GreenMail;
import com.icegreen.greenmail.util.ServerSetup;
import jakarta.mail.Address;
import jakarta.mail.Message;
import jakarta.mail.MessagingException;
import jakarta.mail.internet.MimeMessage;
import java.io.IOException;
import java.time.Instant;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * A real SMTP server (GreenMail) on a free loopback port, which keeps every message it receives: what the demo sends to,
 * so that a user sees the import reports and the students' messages without a mail server of their own. Nothing it
 * receives leaves the machine.
 */
public final class DemoMailServer implements AutoCloseable {
    /** The host the server listens on and the mailer connects to. */
    public static final String HOST = "127.0.0.1";

    private final GreenMail greenMail;

    private DemoMailServer(GreenMail greenMail) {
        this.greenMail = greenMail;
    }

    /** Starts a server on a port the system picks. */
    public static DemoMailServer start() {
        GreenMail greenMail = new GreenMail(new ServerSetup(0, HOST, ServerSetup.PROTOCOL_SMTP).dynamicPort());
        greenMail.start();
        return new DemoMailServer(greenMail);
    }

    public int port() {
        return greenMail.getSmtp().getPort();
    }

    /** Every message received, the newest first. */
    public List<ReceivedMail> received() {
        return Arrays.stream(greenMail.getReceivedMessages())
                .map(DemoMailServer::read)
                .sorted(Comparator.comparing(ReceivedMail::receivedAt).reversed())
                .toList();
    }

    /** The messages received for {@code address}, the newest first. */
    public List<ReceivedMail> receivedBy(String address) {
        return received().stream().filter(m -> m.to().contains(address)).toList();
    }

    @Override
    public void close() {
        greenMail.stop();
    }

    private static ReceivedMail read(MimeMessage message) {
        try {
            java.util.Date date = message.getReceivedDate() != null ? message.getReceivedDate() : message.getSentDate();
            return new ReceivedMail(
                    date == null ? Instant.EPOCH : date.toInstant(),
                    addresses(message.getFrom()),
                    addresses(message.getRecipients(Message.RecipientType.TO)),
                    message.getSubject(),
                    text(message.getContent()));
        } catch (MessagingException | IOException e) {
            throw new IllegalStateException("cannot read a received message: " + e.getMessage(), e);
        }
    }

    private static List<String> addresses(Address @Nullable [] addresses) {
        return addresses == null
                ? List.of()
                : Arrays.stream(addresses).map(Address::toString).toList();
    }

    /** The campus sends plain text; anything else is shown as what it is. */
    private static String text(Object content) {
        return content instanceof String text ? text : "(" + content.getClass().getSimpleName() + ")";
    }
}
