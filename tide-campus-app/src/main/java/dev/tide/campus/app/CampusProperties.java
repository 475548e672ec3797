package dev.tide.campus.app;

import dev.tide.campus.mail.SmtpSettings;
import java.nio.file.Path;
import java.time.Duration;
import java.time.ZoneId;
import org.jspecify.annotations.Nullable;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * The application's own settings, under {@code campus.*} (Tide's are under {@code tide.*}).
 *
 * @param smtp where mail goes when the demo is off
 * @param mailFolder where message bodies wait until they are sent (docs/campus.md)
 * @param uploadFolder where queued enrollment files wait until they are read
 * @param zone the university's zone, in which table 9's hours are read
 * @param demo seed demo data, and send mail to an SMTP server inside the application whose mailbox a page lists,
 *     instead of {@code smtp}
 */
@ConfigurationProperties("campus")
public record CampusProperties(
        @DefaultValue Smtp smtp,
        @DefaultValue("campus-data/mail") Path mailFolder,
        @DefaultValue("campus-data/uploads") Path uploadFolder,
        @DefaultValue("Asia/Riyadh") ZoneId zone,
        boolean demo) {

    /**
     * The SMTP server the mailer and the import reports send through.
     *
     * @param username null to send without authentication
     * @param password with a username; give it from the environment ({@code CAMPUS_SMTP_PASSWORD}), not in a file
     */
    public record Smtp(
            @DefaultValue("localhost") String host,
            @DefaultValue("25") int port,
            @DefaultValue("registrar@university.example") String from,
            @Nullable String username,
            @Nullable String password,
            @DefaultValue("10s") Duration timeout) {

        /** The mailer's settings; an unusable value stops the application with the setting named. */
        public SmtpSettings settings() {
            try {
                SmtpSettings settings = new SmtpSettings(host, port, from, null, null, timeout);
                return username == null || username.isBlank() ? settings : settings.withLogin(username, password);
            } catch (IllegalArgumentException e) {
                throw new IllegalStateException("campus.smtp: " + e.getMessage(), e);
            }
        }

        /** The same settings for another server: the demo's, on the port it got. */
        public SmtpSettings settingsFor(String otherHost, int otherPort) {
            return new Smtp(otherHost, otherPort, from, null, null, timeout).settings();
        }
    }
}
