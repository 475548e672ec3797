package dev.tide.campus.mail;

import jakarta.mail.Message;
import jakarta.mail.MessagingException;
import jakarta.mail.Session;
import jakarta.mail.Transport;
import jakarta.mail.internet.InternetAddress;
import jakarta.mail.internet.MimeMessage;
import java.nio.charset.StandardCharsets;
import java.util.List;

/** Sends plain-text messages over SMTP; returns once the server accepted the message, else throws. */
public final class SmtpSender {
    private final SmtpSettings settings;
    private final Session session;
    private final InternetAddress from;

    public SmtpSender(SmtpSettings settings) {
        this.settings = settings;
        this.session = settings.session();
        this.from = SmtpSettings.requireAddress("smtp from", settings.from());
    }

    /**
     * Sends one message to all of {@code to}, its Message-ID the same for every attempt of {@code taskId}: an attempt
     * whose acknowledgement a crash lost sends the message again (no SMTP send commits with a database), and the
     * receiving systems that drop a Message-ID they already delivered drop the second copy. Throws {@link jakarta.mail.internet.AddressException} for an address
     * that does not parse, and a {@link MessagingException} when the server could not be reached or refused the
     * message or a recipient (then no recipient gets it: partial sends are off); {@link SmtpFailures} tells which of
     * those a retry may cure.
     */
    public void send(long taskId, List<String> to, String subject, String text) throws MessagingException {
        if (to.isEmpty()) {
            throw new IllegalArgumentException("a message needs at least one recipient");
        }
        String messageId = messageId(taskId);
        MimeMessage message = new MimeMessage(session) {
            @Override
            protected void updateMessageID() throws MessagingException {
                setHeader("Message-ID", messageId);
            }
        };
        message.setFrom(from);
        for (String recipient : to) {
            message.addRecipient(Message.RecipientType.TO, new InternetAddress(recipient, true));
        }
        message.setSubject(subject, StandardCharsets.UTF_8.name());
        message.setText(text, StandardCharsets.UTF_8.name());
        if (settings.username() == null) {
            Transport.send(message);
        } else {
            Transport.send(message, settings.username(), settings.password());
        }
    }

    /** {@code <tide-task-42@university.example>}: the task's id at the sender's domain. */
    String messageId(long taskId) {
        String address = from.getAddress();
        return "<tide-task-" + taskId + "@" + address.substring(address.lastIndexOf('@') + 1) + ">";
    }
}
