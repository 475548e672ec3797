package dev.tide.api;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Locale;
import org.jspecify.annotations.Nullable;

/**
 * Where a task is in its life. Whether a finished task succeeded is its {@link Outcome}, kept apart as the thesis does
 * (status and success are two fields): a task that failed three times is {@code FINISHED} with outcome
 * {@code FAILED}.
 */
public enum TaskState {
    /** Waiting for its run-at time (a delayed task, or one backing off before its next attempt). */
    SCHEDULED,
    /** Waiting for the tasks it depends on to succeed ({@link NewTask#dependsOn()}). */
    BLOCKED,
    /** Claimable now. */
    READY,
    /** Held by a worker under a lease (owner, token, expiry). */
    LEASED,
    /**
     * Set aside by an administrator ({@link TaskQueue#park}): never claimed until unparked, when it returns to the
     * state it would have now (blocked, scheduled or ready). Its expiry still applies.
     */
    PARKED,
    /** Ended; see the outcome. */
    FINISHED;

    /** Whether a task in this state waits to be leased: it may still be cancelled, parked or expire. */
    public boolean isWaiting() {
        return this == SCHEDULED || this == BLOCKED || this == READY || this == PARKED;
    }

    // the lower-case names, made once: every task row written and read passes through wireName and parse
    private final String wireName = name().toLowerCase(Locale.ROOT);

    @JsonValue
    public String wireName() {
        return wireName;
    }

    @JsonCreator
    public static @Nullable TaskState parse(@Nullable String text) {
        return Wire.parse(TaskState.class, "state", text);
    }
}
