package dev.tide.cli;

import java.time.Instant;
import java.time.OffsetDateTime;
import picocli.CommandLine;

/** Reads instants in ISO-8601, with an offset ({@code 2026-11-22T18:00:00+01:00}) or in UTC ({@code ...Z}). */
final class Instants implements CommandLine.ITypeConverter<Instant> {
    @Override
    public Instant convert(String text) {
        try {
            return OffsetDateTime.parse(text.trim()).toInstant();
        } catch (RuntimeException e) {
            throw new CommandLine.TypeConversionException(
                    "'" + text + "' is not a time (ISO-8601 with an offset, e.g. 2026-11-22T18:00:00Z)");
        }
    }
}
