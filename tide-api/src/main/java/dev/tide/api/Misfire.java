package dev.tide.api;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Locale;
import org.jspecify.annotations.Nullable;

/**
 * What a {@link Schedule} does with firings it missed: those more than its {@link Schedule#misfireGrace()} late when
 * the engine came to them (it was down, paused by a full queue, or far behind). Firings within the grace always fire.
 * See docs/recurring.md.
 */
public enum Misfire {
    /** Missed firings fire nothing; the schedule goes on with its next firing to come. */
    SKIP,
    /** The missed firings together fire one instance, for the latest of them; the default. */
    ONCE,
    /** Every missed firing fires, at most {@link Schedule#MAX_FIRINGS_PER_CATCH_UP} (the latest ones) at a time. */
    ALL;

    @JsonValue
    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    @JsonCreator
    public static @Nullable Misfire parse(@Nullable String text) {
        return Wire.parse(Misfire.class, "misfire", text);
    }
}
