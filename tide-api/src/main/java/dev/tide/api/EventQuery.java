package dev.tide.api;

import org.jspecify.annotations.Nullable;

/**
 * Which events to list, newest first. Every filter is optional; given together, an event must match them all. Each
 * filter is a range of one index of the log, so a filtered page costs the same however long the log is.
 *
 * @param kind only events of this kind (e.g. {@code deadline.violation}); null for every kind
 * @param before only events older than this id, to page back from the last event of the previous page; null to start
 *     from the newest
 * @param limit at most this many, 1 to {@value #MAX_LIMIT}
 * @param taskId only events about this task (its cancel, retry, failure, deadline notices); null for any
 * @param jobId only events about this job (its end, deadline notices, the acts on it): a job's alerts; null for any
 * @param actor only events whose detail names this actor ({@link Actor}), e.g. {@code ops:ada}; null for any
 */
public record EventQuery(
        @Nullable String kind,
        @Nullable Long before,
        int limit,
        @Nullable Long taskId,
        @Nullable Long jobId,
        @Nullable String actor) {
    public static final int DEFAULT_LIMIT = 100;
    public static final int MAX_LIMIT = 1000;

    public EventQuery {
        if (limit < 1 || limit > MAX_LIMIT) {
            throw new InvalidRequestException("limit", "must be between 1 and " + MAX_LIMIT);
        }
        if (before != null && before < 1) {
            throw new InvalidRequestException("before", "must be a positive event id");
        }
        if (taskId != null && taskId < 1) {
            throw new InvalidRequestException("taskId", "must be a positive task id");
        }
        if (jobId != null && jobId < 1) {
            throw new InvalidRequestException("jobId", "must be a positive job id");
        }
        if (actor != null && (actor.isBlank() || actor.length() > Actor.MAX_LENGTH)) {
            throw new InvalidRequestException("actor", "must be 1 to " + Actor.MAX_LENGTH + " characters, not blank");
        }
    }

    /** Events of every task, job and actor. */
    public EventQuery(@Nullable String kind, @Nullable Long before, int limit) {
        this(kind, before, limit, null, null, null);
    }

    /** The newest events of every kind. */
    public static EventQuery recent() {
        return new EventQuery(null, null, DEFAULT_LIMIT);
    }

    public EventQuery withKind(@Nullable String value) {
        return new EventQuery(value, before, limit, taskId, jobId, actor);
    }

    public EventQuery withBefore(@Nullable Long value) {
        return new EventQuery(kind, value, limit, taskId, jobId, actor);
    }

    public EventQuery withLimit(int value) {
        return new EventQuery(kind, before, value, taskId, jobId, actor);
    }

    public EventQuery withTaskId(@Nullable Long value) {
        return new EventQuery(kind, before, limit, value, jobId, actor);
    }

    public EventQuery withJobId(@Nullable Long value) {
        return new EventQuery(kind, before, limit, taskId, value, actor);
    }

    public EventQuery withActor(@Nullable String value) {
        return new EventQuery(kind, before, limit, taskId, jobId, value);
    }
}
