package dev.tide.core.engine;

import dev.tide.api.InvalidRequestException;
import dev.tide.api.JsonInput;
import dev.tide.api.PayloadTooLargeException;
import java.nio.charset.StandardCharsets;

/** Checks of free-form input shared by the resolvers: JSON documents, sizes, names of people and keys. */
public final class Inputs {
    /** Longest owner, worker name, idempotency key or title. */
    static final int MAX_TEXT = 200;
    /** Messages longer than this are cut, not refused: an ack must not fail over a long stack trace. */
    static final int MAX_MESSAGE = 8 * 1024;

    private Inputs() {}

    /** Valid JSON in compact form, within the cap; null stays null. */
    public static String json(String field, String text, long capBytes) {
        if (text == null) {
            return null;
        }
        String normalized = JsonInput.normalize(field, text);
        long size = normalized.getBytes(StandardCharsets.UTF_8).length;
        if (size > capBytes) {
            throw new PayloadTooLargeException(field, size, capBytes);
        }
        return normalized;
    }

    /** A non-blank single line of at most {@link #MAX_TEXT} characters, or null. */
    public static String text(String field, String value) {
        if (value == null) {
            return null;
        }
        if (value.isBlank()) {
            throw new InvalidRequestException(field, "must not be blank");
        }
        if (value.length() > MAX_TEXT) {
            throw new InvalidRequestException(field, "is longer than " + MAX_TEXT + " characters");
        }
        if (value.chars().anyMatch(Character::isISOControl)) {
            throw new InvalidRequestException(field, "must not contain control characters");
        }
        return value;
    }

    public static String requiredText(String field, String value) {
        if (value == null) {
            throw new InvalidRequestException(field, "is required");
        }
        return text(field, value);
    }

    public static String message(String value) {
        if (value == null || value.length() <= MAX_MESSAGE) {
            return value;
        }
        return value.substring(0, MAX_MESSAGE - 1) + "…";
    }
}
