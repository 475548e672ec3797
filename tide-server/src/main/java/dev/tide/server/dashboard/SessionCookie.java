package dev.tide.server.dashboard;

import java.time.Instant;

/**
 * The session cookie's value: {@code p.<epoch seconds>.<token>} for a password sign-in, {@code t.<...>} for an API
 * token. A person can only forge it with a token of their own, which gains them nothing.
 */
record SessionCookie(Kind kind, Instant issuedAt, String token) {
    enum Kind {
        PASSWORD,
        API_TOKEN
    }

    String value() {
        return (kind == Kind.PASSWORD ? "p" : "t") + "." + issuedAt.getEpochSecond() + "." + token;
    }

    /** The cookie, or null when it is missing or not one of ours. */
    static SessionCookie parse(String value) {
        if (value == null) {
            return null;
        }
        String[] parts = value.split("\\.", 3);
        if (parts.length != 3 || parts[2].isEmpty() || !(parts[0].equals("p") || parts[0].equals("t"))) {
            return null;
        }
        try {
            return new SessionCookie(
                    parts[0].equals("p") ? Kind.PASSWORD : Kind.API_TOKEN,
                    Instant.ofEpochSecond(Long.parseLong(parts[1])),
                    parts[2]);
        } catch (NumberFormatException | java.time.DateTimeException e) {
            return null;
        }
    }
}
