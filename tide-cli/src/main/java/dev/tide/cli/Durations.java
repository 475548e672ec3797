package dev.tide.cli;

import dev.tide.config.DurationText;
import java.time.Duration;
import picocli.CommandLine;

/** Reads durations as people write them ({@code 500ms}, {@code 30s}, {@code 5m}, {@code 2h}, {@code 1d}) or in ISO-8601. */
final class Durations implements CommandLine.ITypeConverter<Duration> {
    @Override
    public Duration convert(String text) {
        return parse(text);
    }

    static Duration parse(String text) {
        Duration duration = DurationText.parseOrNull(text);
        if (duration == null) {
            throw new CommandLine.TypeConversionException(
                    "'" + text + "' is not a duration (e.g. 500ms, 30s, 5m, 2h, 1d or PT30S)");
        }
        return duration;
    }
}
