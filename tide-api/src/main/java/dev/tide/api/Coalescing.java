package dev.tide.api;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Locale;
import org.jspecify.annotations.Nullable;

/**
 * What an incoming task does to a pending task (ready or scheduled, not yet leased) with the same coalescing key in the
 * same queue and of the same owner: seed 002's decision indicators, named for what happens. A task type chooses one
 * ({@link TaskType#coalescing()}); an embedded engine may instead ask a {@link CoalescingCheck}. See
 * docs/smart-queue.md.
 */
public enum Coalescing {
    /** Both stay queued (seed 002's "queue"); the default. */
    KEEP,
    /** The newcomer is dropped: the enqueue answers the pending task, {@code created = false} (seed 002's "ignore"). */
    IGNORE,
    /**
     * The pending task ends {@link Outcome#SUPERSEDED} and the newcomer is queued in its own place (seed 002's "queue and
     * delete").
     */
    REPLACE,
    /**
     * The pending task takes the newcomer's payload and keeps its place in line; the newcomer is not stored and the
     * enqueue answers the pending task, {@code created = false} (seed 002's "ignore", the old entry having taken over
     * the new one's values).
     */
    MERGE,
    /**
     * Both end {@link Outcome#CANCELLED}, each one's message naming the other: a cancel request meeting the order it
     * cancels (seed 002's "ignore and delete"). The enqueue answers the newcomer, created and already cancelled.
     */
    NEUTRALIZE;

    @JsonValue
    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    @JsonCreator
    public static @Nullable Coalescing parse(@Nullable String text) {
        return Wire.parse(Coalescing.class, "coalescing", text);
    }
}
