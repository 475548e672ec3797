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
     * Sends one message to all of {@code to}. Throws {@link jakarta.mail.internet.AddressException} for an address
     * that does not parse, and a {@link MessagingException} when the server could not be reached or refused the
     * message or a recipient (then no recipient gets it: partial sends are off); {@link SmtpFailures} tells which of
     * those a retry may cure.
     */
    public void send(List<String> to, String subject, String text) throws MessagingException {
        if (to.isEmpty()) {
            throw new IllegalArgumentException("a message needs at least one recipient");
        }
        MimeMessage message = new MimeMessage(session);
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
}
