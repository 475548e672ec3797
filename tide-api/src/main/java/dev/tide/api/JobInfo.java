package dev.tide.api;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonRawValue;
import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import dev.tide.api.json.RawJsonDeserializer;
import java.time.Instant;

/**
 * A job as stored: a group of tasks, possibly of several types, with its progress counters.
 *
 * @param info the job's info JSON, which handlers read and update across processing cycles
 * @param total tasks ever added to the job
 * @param cancelled tasks that ended without running to an end of their own: cancelled, superseded
 *     ({@link Outcome#countsAsCancelled()})
 * @param outcome once finished: {@code SUCCEEDED} when every task succeeded, {@code CANCELLED} when the job was
 *     cancelled, else {@code FAILED}
 */
public record JobInfo(
        long id,
        String type,
        String title,
        String owner,
        int priority,
        Instant deadline,
        JobState state,
        Outcome outcome,

        @JsonRawValue @JsonDeserialize(using = RawJsonDeserializer.class)
        String info,

        int total,
        int succeeded,
        int failed,
        int cancelled,
        Instant createdAt,
        Instant finishedAt) {

    /** Tasks that have not ended yet. */
    @JsonProperty(value = "pending", access = JsonProperty.Access.READ_ONLY)
    public int pending() {
        return total - succeeded - failed - cancelled;
    }

    @JsonIgnore
    public boolean isFinished() {
        return state == JobState.FINISHED;
    }
}
