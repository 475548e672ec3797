package dev.tide.config;

import java.time.Duration;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Durations as Spring Boot reads them and people write them: {@code 500ms}, {@code 30s}, {@code 5m}, {@code 2h},
 * {@code 7d}, or ISO-8601 ({@code PT30S}). Written back in the shortest whole unit.
 */
public final class DurationText {
    private static final Pattern SHORT = Pattern.compile("(\\d+)\\s*(ms|s|m|h|d)");

    static final String EXAMPLES = "e.g. 30s, 5m, 7d";

    private DurationText() {}

    /** The duration, or null when the text is none of the forms. */
    public static Duration parseOrNull(String text) {
        String t = text.strip().toLowerCase(Locale.ROOT);
        Matcher m = SHORT.matcher(t);
        if (m.matches()) {
            long n = Long.parseLong(m.group(1));
            return switch (m.group(2)) {
                case "ms" -> Duration.ofMillis(n);
                case "s" -> Duration.ofSeconds(n);
                case "m" -> Duration.ofMinutes(n);
                case "h" -> Duration.ofHours(n);
                default -> Duration.ofDays(n);
            };
        }
        try {
            return Duration.parse(t.toUpperCase(Locale.ROOT));
        } catch (RuntimeException e) {
            return null;
        }
    }

    /** The duration; throws with a message naming the forms when the text is none of them. */
    static Duration parse(String text) {
        Duration d = parseOrNull(text);
        if (d == null) {
            throw new IllegalArgumentException("'" + text + "' is not a duration (" + EXAMPLES + ")");
        }
        return d;
    }

    static String format(Duration d) {
        if (d.isZero()) {
            return "0s";
        }
        if (d.toMillisPart() != 0 || d.getNano() % 1_000_000 != 0) {
            return d.getNano() % 1_000_000 == 0 ? d.toMillis() + "ms" : d.toString();
        }
        long s = d.getSeconds();
        if (s % 86_400 == 0) {
            return s / 86_400 + "d";
        }
        if (s % 3600 == 0) {
            return s / 3600 + "h";
        }
        return s % 60 == 0 ? s / 60 + "m" : s + "s";
    }
}
