package dev.tide.core.auth;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.HexFormat;

/**
 * Bearer tokens: 256 random bits, shown once, kept only as a SHA-256 digest. A fast digest is enough (unlike for
 * passwords): nobody can guess their way back to 256 random bits, and a lookup then costs microseconds.
 */
final class SecretTokens {
    /** Marks Tide's tokens, so that a leaked one is recognised by secret scanners and people alike. */
    static final String PREFIX = "tide_";

    private static final SecureRandom RANDOM = new SecureRandom();
    private static final int BYTES = 32;
    private static final int ID_LENGTH = 16;

    private SecretTokens() {}

    static String generate() {
        byte[] secret = new byte[BYTES];
        RANDOM.nextBytes(secret);
        return PREFIX + Base64.getUrlEncoder().withoutPadding().encodeToString(secret);
    }

    static String digest(String token) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(token.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
    }

    /** The name a token goes by in listings: a prefix of its digest, which says nothing of the token. */
    static String id(String digest) {
        return digest.substring(0, ID_LENGTH);
    }
}
