package dev.tide.api;

import com.fasterxml.jackson.annotation.JsonRawValue;
import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import dev.tide.api.json.RawJsonDeserializer;
import java.time.Instant;

/**
 * One entry of Tide's event log: something that happened to a task, a job or a queue, kept for people and tools to
 * look back on. Kinds so far: {@code deadline.warning} and {@code deadline.violation} (detail: the
 * {@link DeadlineNotice}).
 *
 * @param id increasing: a newer event has a larger id
 * @param taskId the task concerned, if any
 * @param jobId the job concerned, if any
 * @param queue the queue concerned, if any
 * @param detail a JSON object whose fields depend on the kind
 */
public record TideEvent(
        long id,
        Instant at,
        String kind,
        Long taskId,
        Long jobId,
        String queue,

        @JsonRawValue @JsonDeserialize(using = RawJsonDeserializer.class)
        String detail) {

    public static final String DEADLINE_WARNING = DeadlineNotice.Kind.WARNING.eventKind();
    public static final String DEADLINE_VIOLATION = DeadlineNotice.Kind.VIOLATION.eventKind();
    /** A profile was created or replaced; detail: {@code profile} (its key) and {@code definition}. */
    public static final String PROFILE_DEFINED = "profile.defined";
    /** A profile was removed; detail: {@code profile}. */
    public static final String PROFILE_DELETED = "profile.deleted";
    /** A schedule was created or replaced; detail: {@code schedule} (its name) and {@code definition}. */
    public static final String SCHEDULE_DEFINED = "schedule.defined";
    /** A schedule was removed; detail: {@code schedule}. */
    public static final String SCHEDULE_DELETED = "schedule.deleted";
    /** A schedule was paused; detail: {@code schedule}. */
    public static final String SCHEDULE_PAUSED = "schedule.paused";
    /** A schedule was resumed; detail: {@code schedule} and {@code nextFireAt}. */
    public static final String SCHEDULE_RESUMED = "schedule.resumed";
    /**
     * Firings of a schedule fired nothing by its misfire policy (or the catch-up bound, or their instances' expiry);
     * detail: {@code schedule}, {@code misfire}, and {@code from} and {@code to}, the first and last such firing.
     */
    public static final String SCHEDULE_MISSED = "schedule.missed";
}
