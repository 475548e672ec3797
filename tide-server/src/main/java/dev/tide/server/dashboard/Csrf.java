package dev.tide.server.dashboard;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;

/**
 * The token every change must carry (a hidden form field, or a header from the dashboard's script): a digest of the
 * session's cookie. A page of another site can send the cookie (not even that, with SameSite=Strict) but cannot read
 * it, so it cannot make the token; the token shown in pages does not give the cookie back. No state is kept, so any
 * node of a service checks a token any other node issued.
 */
final class Csrf {
    static final String FIELD = "_csrf";
    static final String HEADER = "X-CSRF-Token";

    private Csrf() {}

    /** The token of the session whose cookie value is {@code sessionKey}. */
    static String tokenOf(String sessionKey) {
        try {
            byte[] hash = MessageDigest.getInstance("SHA-256")
                    .digest(("tide-dashboard-csrf\0" + sessionKey).getBytes(StandardCharsets.UTF_8));
            return Base64.getUrlEncoder().withoutPadding().encodeToString(hash);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform has SHA-256", e);
        }
    }

    /** Whether {@code given} is the session's token, compared in constant time. */
    static boolean matches(String sessionKey, String given) {
        if (given == null) {
            return false;
        }
        return MessageDigest.isEqual(
                tokenOf(sessionKey).getBytes(StandardCharsets.US_ASCII), given.getBytes(StandardCharsets.US_ASCII));
    }
}
