package dev.tide.server.dashboard;

import dev.tide.api.Profile;
import dev.tide.api.ProfileEntry;
import dev.tide.api.ProfileLimits;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * A short fingerprint of a profile's content, carried by the page's forms so a change made from a page that no longer
 * shows the profile as it is (someone else changed it meanwhile) is refused instead of silently undoing theirs. Made
 * of a canonical text (days sorted, every field spelt), so every node computes the same one.
 */
public final class ProfileRevision {
    private ProfileRevision() {}

    public static String of(Profile profile) {
        StringBuilder text = new StringBuilder(profile.key())
                .append('|')
                .append(profile.zone().getId())
                .append('|')
                .append(limits(profile.otherwise()));
        for (ProfileEntry e : profile.entries()) {
            text.append('|')
                    .append(e.name())
                    .append(',')
                    .append(e.days().stream().sorted().toList())
                    .append(',')
                    .append(e.from())
                    .append(',')
                    .append(e.until())
                    .append(',')
                    .append(e.zone() == null ? "" : e.zone().getId())
                    .append(',')
                    .append(e.precedence())
                    .append(',')
                    .append(limits(e.limits()))
                    .append(',')
                    .append(e.when());
        }
        try {
            byte[] digest =
                    MessageDigest.getInstance("SHA-256").digest(text.toString().getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest, 0, 8);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java has SHA-256", e);
        }
    }

    private static String limits(ProfileLimits limits) {
        return limits == null ? "" : limits.toString();
    }
}
