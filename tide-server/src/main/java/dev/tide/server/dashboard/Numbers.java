package dev.tide.server.dashboard;

import dev.tide.api.InvalidRequestException;

/** Whole numbers typed into the dashboard's forms and URLs, refused by name (400) when they are not. */
final class Numbers {
    private Numbers() {}

    /** A positive whole number, or null for no text. */
    static Long positive(String field, String text) {
        if (text == null) {
            return null;
        }
        Long value = parse(field, text);
        if (value < 1) {
            throw new InvalidRequestException(field, "'" + text + "' is not a positive whole number");
        }
        return value;
    }

    /** A whole number that fits an int, or null for no text. */
    static Integer whole(String field, String text) {
        if (text == null) {
            return null;
        }
        long value = parse(field, text);
        if (value < Integer.MIN_VALUE || value > Integer.MAX_VALUE) {
            throw new InvalidRequestException(field, "'" + text + "' is out of range");
        }
        return (int) value;
    }

    /** A whole number that fits a long, or null for no text. */
    static Long wholeLong(String field, String text) {
        return text == null ? null : parse(field, text);
    }

    private static long parse(String field, String text) {
        try {
            return Long.parseLong(text.strip());
        } catch (NumberFormatException e) {
            throw new InvalidRequestException(field, "'" + text + "' is not a whole number");
        }
    }
}
