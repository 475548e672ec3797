package dev.tide.server.dashboard;

import dev.tide.api.InvalidRequestException;
import java.time.DateTimeException;
import java.time.ZoneId;
import java.util.List;

/** Time zones typed into the profile pages: offered by name, read back (400 naming the field when unknown). */
final class Zones {
    /** Every zone id the JDK knows, sorted: the pages' suggestions. */
    static final List<String> IDS =
            ZoneId.getAvailableZoneIds().stream().sorted().toList();

    private Zones() {}

    static ZoneId parse(String field, String text) {
        try {
            return ZoneId.of(text);
        } catch (DateTimeException e) {
            throw new InvalidRequestException(field, "'" + text + "' is not a time zone (e.g. Europe/Paris)");
        }
    }
}
