package dev.tide.api;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Locale;
import org.jspecify.annotations.Nullable;

/** How a finished task or job ended. Unfinished ones have no outcome. */
public enum Outcome {
    SUCCEEDED,
    /** Failed for good: reported as a failure, or out of attempts (the dead-letter state). */
    FAILED,
    /** Ended without running: cancelled by a caller, or because a task it depended on did not succeed. */
    CANCELLED,
    /** Reached its expiry ({@link NewTask#expiresAt()}) before it was leased; never delivered. */
    EXPIRED,
    /** Replaced while pending by a newer task with the same coalescing key ({@link Coalescing#REPLACE}). */
    SUPERSEDED;

    /**
     * Whether a job counts a task that ended so among its {@code cancelled} tasks: those that ended without running to
     * an end of their own (cancelled, expired, superseded).
     */
    public boolean countsAsCancelled() {
        return this == CANCELLED || this == EXPIRED || this == SUPERSEDED;
    }

    @JsonValue
    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    @JsonCreator
    public static @Nullable Outcome parse(@Nullable String text) {
        return Wire.parse(Outcome.class, "outcome", text);
    }
}
