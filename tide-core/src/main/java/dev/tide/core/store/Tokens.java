package dev.tide.core.store;

import java.security.SecureRandom;
import java.util.HexFormat;

/** Lease tokens: 128 random bits as hex. Unguessable, so a token names exactly one lease of one claim. */
public final class Tokens {
    private static final SecureRandom RANDOM = new SecureRandom();

    private Tokens() {}

    public static String next() {
        byte[] bytes = new byte[16];
        RANDOM.nextBytes(bytes);
        return HexFormat.of().formatHex(bytes);
    }
}
