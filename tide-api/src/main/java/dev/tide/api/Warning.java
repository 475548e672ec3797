package dev.tide.api;

import java.util.Objects;

/**
 * Something an answer says beside doing what was asked: the request was done, but may not be what was meant.
 *
 * @param code a stable name to test for, such as {@link #UNKNOWN_TYPE}
 * @param message a sentence for a person
 */
public record Warning(String code, String message) {
    /** A task of a type that no worker has claimed and no processor, schedule or type definition names. */
    public static final String UNKNOWN_TYPE = "unknown_type";

    /** A stored value outside today's {@link InputRanges}, written before they were checked. */
    public static final String OUT_OF_RANGE = "out_of_range";

    public Warning {
        Objects.requireNonNull(code, "code");
        Objects.requireNonNull(message, "message");
    }

    /** The warning for a task type that nothing names: the usual sign of a misspelt type. */
    public static Warning unknownType(String type) {
        return new Warning(
                UNKNOWN_TYPE,
                "no worker has claimed type `" + type + "`, and no processor, schedule or type definition names it");
    }

    /** The warning for {@code waiting} tasks of a type that nothing names, which no worker will take. */
    public static Warning unknownType(String type, long waiting) {
        return new Warning(
                UNKNOWN_TYPE,
                "no worker has claimed type `" + type + "` (" + waiting + (waiting == 1 ? " task waits" : " tasks wait")
                        + "), and no processor, schedule or type definition names it");
    }

    /** The warning for a stored value out of range, as {@code Tide.storedOutOfRange()} describes it. */
    public static Warning outOfRange(String line) {
        return new Warning(OUT_OF_RANGE, line + " (bounded where it is used; define it again to fix)");
    }
}
