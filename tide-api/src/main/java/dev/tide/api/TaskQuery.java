package dev.tide.api;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Locale;
import org.jspecify.annotations.Nullable;

/**
 * A filtered, sorted page of tasks: the visible list a person picks a task from. Every filter is optional.
 *
 * @param errorsOnly only tasks that failed for good, or whose last attempt failed and that wait for another
 * @param cursor from the previous page's {@link Page#nextCursor()}; null for the first page
 * @param limit page size, 1 to {@link #MAX_LIMIT}; {@link #DEFAULT_LIMIT} when 0
 */
public record TaskQuery(
        @Nullable String queue,
        @Nullable TaskState state,
        @Nullable Outcome outcome,
        @Nullable String type,
        @Nullable Long jobId,
        @Nullable String owner,
        @Nullable String leaseOwner,
        boolean errorsOnly,
        Sort sort,
        boolean descending,
        int limit,
        @Nullable String cursor) {

    public static final int DEFAULT_LIMIT = 50;
    public static final int MAX_LIMIT = 1000;

    public TaskQuery {
        sort = sort == null ? Sort.ID : sort;
        if (limit == 0) {
            limit = DEFAULT_LIMIT;
        }
        if (limit < 1 || limit > MAX_LIMIT) {
            throw new InvalidRequestException("limit", "must be between 1 and " + MAX_LIMIT);
        }
    }

    public static TaskQuery all() {
        return new TaskQuery(null, null, null, null, null, null, null, false, Sort.ID, false, 0, null);
    }

    public TaskQuery withQueue(String value) {
        return new TaskQuery(
                value, state, outcome, type, jobId, owner, leaseOwner, errorsOnly, sort, descending, limit, cursor);
    }

    public TaskQuery withState(TaskState value) {
        return new TaskQuery(
                queue, value, outcome, type, jobId, owner, leaseOwner, errorsOnly, sort, descending, limit, cursor);
    }

    public TaskQuery withOutcome(Outcome value) {
        return new TaskQuery(
                queue, state, value, type, jobId, owner, leaseOwner, errorsOnly, sort, descending, limit, cursor);
    }

    public TaskQuery withType(String value) {
        return new TaskQuery(
                queue, state, outcome, value, jobId, owner, leaseOwner, errorsOnly, sort, descending, limit, cursor);
    }

    public TaskQuery withJob(Long value) {
        return new TaskQuery(
                queue, state, outcome, type, value, owner, leaseOwner, errorsOnly, sort, descending, limit, cursor);
    }

    public TaskQuery withOwner(String value) {
        return new TaskQuery(
                queue, state, outcome, type, jobId, value, leaseOwner, errorsOnly, sort, descending, limit, cursor);
    }

    public TaskQuery withLeaseOwner(String value) {
        return new TaskQuery(
                queue, state, outcome, type, jobId, owner, value, errorsOnly, sort, descending, limit, cursor);
    }

    public TaskQuery withErrorsOnly(boolean value) {
        return new TaskQuery(
                queue, state, outcome, type, jobId, owner, leaseOwner, value, sort, descending, limit, cursor);
    }

    public TaskQuery sortedBy(Sort value, boolean desc) {
        return new TaskQuery(
                queue, state, outcome, type, jobId, owner, leaseOwner, errorsOnly, value, desc, limit, cursor);
    }

    public TaskQuery withLimit(int value) {
        return new TaskQuery(
                queue, state, outcome, type, jobId, owner, leaseOwner, errorsOnly, sort, descending, value, cursor);
    }

    public TaskQuery withCursor(String value) {
        return new TaskQuery(
                queue, state, outcome, type, jobId, owner, leaseOwner, errorsOnly, sort, descending, limit, value);
    }

    /** Sort keys; ties are broken by id in the same direction. */
    public enum Sort {
        ID,
        CREATED,
        PRIORITY,
        DEADLINE,
        FINISHED;

        @JsonValue
        public String wireName() {
            return name().toLowerCase(Locale.ROOT);
        }

        @JsonCreator
        public static @Nullable Sort parse(@Nullable String text) {
            return Wire.parse(Sort.class, "sort", text);
        }
    }
}
