package dev.tide.api;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Locale;
import org.jspecify.annotations.Nullable;

/** Where a {@link ProcessorDefinition processor}'s handlers run. */
public enum ProcessorKind {
    /**
     * In the Tide nodes' own processes: each node that runs it (see {@link ProcessorDefinition#nodes()}) claims with
     * {@link ProcessorDefinition#threads()} handlers, found among the handlers it loaded (a server's plugins).
     */
    LOCAL,
    /**
     * Elsewhere: a named filter set that remote workers claim under ({@link ClaimRequest#processor()}), so that what
     * they take is decided, and changed, by the definition rather than by each worker's configuration.
     */
    REMOTE;

    @JsonValue
    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    @JsonCreator
    public static @Nullable ProcessorKind parse(@Nullable String text) {
        return Wire.parse(ProcessorKind.class, "kind", text);
    }
}
