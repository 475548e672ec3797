package dev.tide.api;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Locale;

/**
 * Where a task is in its life. Whether a finished task succeeded is its {@link Outcome}, kept apart as the thesis does
 * (status and success are two fields): a task that failed three times is {@code FINISHED} with outcome
 * {@code FAILED}.
 */
public enum TaskState {
    /** Waiting for its run-at time (a delayed task, or one backing off before its next attempt). */
    SCHEDULED,
    /** Claimable now. */
    READY,
    /** Held by a worker under a lease (owner, token, expiry). */
    LEASED,
    /** Ended; see the outcome. */
    FINISHED;

    @JsonValue
    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    @JsonCreator
    public static TaskState parse(String text) {
        return Wire.parse(TaskState.class, "state", text);
    }
}
