package dev.tide.campus.mail;

import jakarta.mail.Authenticator;
import jakarta.mail.PasswordAuthentication;
import jakarta.mail.Session;
import jakarta.mail.internet.AddressException;
import jakarta.mail.internet.InternetAddress;
import java.time.Duration;
import java.util.Properties;

/**
 * Where the mailer sends: an SMTP server, the sender's address, and credentials when the server wants them.
 *
 * @param host the SMTP server's host name or address
 * @param port its port (25, 587, or a test server's)
 * @param from the sender's address, in every message's From header and SMTP envelope
 * @param username the account to authenticate as; null to send without authentication
 * @param password the account's password; required with a username
 * @param timeout how long to wait to connect, and then for each read and write, before the attempt fails (and is
 *     retried)
 */
public record SmtpSettings(String host, int port, String from, String username, String password, Duration timeout) {

    public SmtpSettings {
        if (host == null || host.isBlank()) {
            throw new IllegalArgumentException("smtp host is required");
        }
        if (port < 1 || port > 65_535) {
            throw new IllegalArgumentException("smtp port must be between 1 and 65535, not " + port);
        }
        requireAddress("smtp from", from);
        if (username != null && password == null) {
            throw new IllegalArgumentException("smtp password is required with a username");
        }
        if (timeout == null || timeout.isNegative() || timeout.isZero()) {
            throw new IllegalArgumentException("smtp timeout must be a positive duration");
        }
    }

    /** A server without authentication, with a 10 s timeout. */
    public static SmtpSettings of(String host, int port, String from) {
        return new SmtpSettings(host, port, from, null, null, Duration.ofSeconds(10));
    }

    /** The same server, now with credentials. */
    public SmtpSettings withLogin(String user, String secret) {
        return new SmtpSettings(host, port, from, user, secret, timeout);
    }

    /** Everything but the password, for logs. */
    @Override
    public String toString() {
        return "SmtpSettings[host=" + host + ", port=" + port + ", from=" + from + ", username=" + username
                + ", password=" + (password == null ? "none" : "(hidden)") + ", timeout=" + timeout + "]";
    }

    /** A Jakarta Mail session for this server. */
    Session session() {
        Properties props = new Properties();
        props.put("mail.smtp.host", host);
        props.put("mail.smtp.port", Integer.toString(port));
        String millis = Long.toString(timeout.toMillis());
        props.put("mail.smtp.connectiontimeout", millis);
        props.put("mail.smtp.timeout", millis);
        props.put("mail.smtp.writetimeout", millis);
        if (username == null) {
            return Session.getInstance(props);
        }
        props.put("mail.smtp.auth", "true");
        return Session.getInstance(props, new Authenticator() {
            @Override
            protected PasswordAuthentication getPasswordAuthentication() {
                return new PasswordAuthentication(username, password);
            }
        });
    }

    /** An address parsed strictly (RFC 822), or an error naming the field. */
    public static InternetAddress requireAddress(String field, String value) {
        if (value == null || value.isBlank()) {
            throw new IllegalArgumentException(field + " is required");
        }
        try {
            InternetAddress address = new InternetAddress(value, true);
            address.validate();
            return address;
        } catch (AddressException e) {
            throw new IllegalArgumentException(
                    field + " is not an email address: '" + value + "' (" + e.getMessage() + ")");
        }
    }
}
