package dev.tide.cli;

import java.time.Duration;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine;

/** Reads durations as people write them ({@code 500ms}, {@code 30s}, {@code 5m}, {@code 2h}, {@code 1d}) or in ISO-8601. */
final class Durations implements CommandLine.ITypeConverter<Duration> {
    private static final Pattern SHORT = Pattern.compile("(\\d+)(ms|s|m|h|d)");

    @Override
    public Duration convert(String text) {
        return parse(text);
    }

    static Duration parse(String text) {
        String t = text.trim().toLowerCase(Locale.ROOT);
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
            return Duration.parse(text.trim().toUpperCase(Locale.ROOT));
        } catch (RuntimeException e) {
            throw new CommandLine.TypeConversionException(
                    "'" + text + "' is not a duration (e.g. 500ms, 30s, 5m, 2h, 1d or PT30S)");
        }
    }
}
