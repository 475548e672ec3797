package dev.tide.api;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.time.Instant;
import java.util.Locale;
import org.jspecify.annotations.Nullable;

/**
 * A filtered, sorted page of tasks: the visible list a person picks a task from. Every filter is optional; filters
 * combine with AND.
 *
 * <p>Queue, type, state, owner, job and the time windows are answered from indexes. The error-text and payload filters
 * read the rows themselves where no text index serves them (SQLite; error text on PostgreSQL without {@code pg_trgm};
 * payloads on PostgreSQL): such a page reads a bounded number of tasks (100,000 by default) in the listing's order, and
 * may then answer fewer items than its limit, {@link Page#partial()} set and a {@link Page#nextCursor()} that continues
 * from where the reading stopped.
 *
 * <p>The payload filter sees only payloads kept in the task's row: a payload kept in the blob store is never searched,
 * so its task never matches a payload filter.
 *
 * @param errorsOnly only tasks that failed for good, or whose last attempt failed and that wait for another
 * @param receivedFrom with {@code receivedTo}: only tasks received (enqueued) in {@code [from, to)}; null for open
 * @param runAtFrom with {@code runAtTo}: only tasks whose run time (when they become or became ready) is in the window
 * @param finishedFrom with {@code finishedTo}: only finished tasks that finished in the window
 * @param errorText only tasks whose last error message contains this text, ignoring case (1 to {@value #MAX_TEXT}
 *     characters)
 * @param payloadPath a JSON path into the payload, {@code customer.id} or {@code $.customer.id}: names and {@code [n]}
 *     array indexes, kept in the {@code $.} form; given together with {@code payloadValue}
 * @param payloadValue the value at {@code payloadPath}: a string equal to it, or a number, {@code true}, {@code false}
 *     or {@code null} whose JSON text it is ({@code 42} matches both 42 and "42"); 1 to {@value #MAX_TEXT} characters
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
        @Nullable Instant receivedFrom,
        @Nullable Instant receivedTo,
        @Nullable Instant runAtFrom,
        @Nullable Instant runAtTo,
        @Nullable Instant finishedFrom,
        @Nullable Instant finishedTo,
        @Nullable String errorText,
        @Nullable String payloadPath,
        @Nullable String payloadValue,
        Sort sort,
        boolean descending,
        int limit,
        @Nullable String cursor) {

    public static final int DEFAULT_LIMIT = 50;
    public static final int MAX_LIMIT = 1000;
    /** The longest error text or payload value a query takes, in characters. */
    public static final int MAX_TEXT = 200;

    public TaskQuery {
        sort = sort == null ? Sort.ID : sort;
        if (limit == 0) {
            limit = DEFAULT_LIMIT;
        }
        if (limit < 1 || limit > MAX_LIMIT) {
            throw new InvalidRequestException("limit", "must be between 1 and " + MAX_LIMIT);
        }
        window("received", receivedFrom, receivedTo);
        window("runAt", runAtFrom, runAtTo);
        window("finished", finishedFrom, finishedTo);
        text("errorText", errorText);
        if ((payloadPath == null) != (payloadValue == null)) {
            throw new InvalidRequestException(
                    payloadPath == null ? "payloadPath" : "payloadValue",
                    "payloadPath and payloadValue go together: give both or neither");
        }
        payloadPath = payloadPath == null
                ? null
                : JsonPath.parse("payloadPath", payloadPath).text();
        text("payloadValue", payloadValue);
    }

    /** The query without the time, text and payload filters (as it was before they came). */
    public TaskQuery(
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
        this(
                queue,
                state,
                outcome,
                type,
                jobId,
                owner,
                leaseOwner,
                errorsOnly,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                sort,
                descending,
                limit,
                cursor);
    }

    public static TaskQuery all() {
        return new TaskQuery(
                null, null, null, null, null, null, null, false, null, null, null, null, null, null, null, null, null,
                Sort.ID, false, 0, null);
    }

    /** Only tasks of this queue; null for every queue. */
    public TaskQuery withQueue(String value) {
        return new TaskQuery(
                value,
                state,
                outcome,
                type,
                jobId,
                owner,
                leaseOwner,
                errorsOnly,
                receivedFrom,
                receivedTo,
                runAtFrom,
                runAtTo,
                finishedFrom,
                finishedTo,
                errorText,
                payloadPath,
                payloadValue,
                sort,
                descending,
                limit,
                cursor);
    }

    /** Only tasks in this state; null for every state. */
    public TaskQuery withState(TaskState value) {
        return new TaskQuery(
                queue,
                value,
                outcome,
                type,
                jobId,
                owner,
                leaseOwner,
                errorsOnly,
                receivedFrom,
                receivedTo,
                runAtFrom,
                runAtTo,
                finishedFrom,
                finishedTo,
                errorText,
                payloadPath,
                payloadValue,
                sort,
                descending,
                limit,
                cursor);
    }

    /** Only finished tasks of this outcome; null for any. */
    public TaskQuery withOutcome(Outcome value) {
        return new TaskQuery(
                queue,
                state,
                value,
                type,
                jobId,
                owner,
                leaseOwner,
                errorsOnly,
                receivedFrom,
                receivedTo,
                runAtFrom,
                runAtTo,
                finishedFrom,
                finishedTo,
                errorText,
                payloadPath,
                payloadValue,
                sort,
                descending,
                limit,
                cursor);
    }

    /** Only tasks of this type; null for every type. */
    public TaskQuery withType(String value) {
        return new TaskQuery(
                queue,
                state,
                outcome,
                value,
                jobId,
                owner,
                leaseOwner,
                errorsOnly,
                receivedFrom,
                receivedTo,
                runAtFrom,
                runAtTo,
                finishedFrom,
                finishedTo,
                errorText,
                payloadPath,
                payloadValue,
                sort,
                descending,
                limit,
                cursor);
    }

    /** Only tasks of this job; null for tasks of any job or none. */
    public TaskQuery withJob(Long value) {
        return new TaskQuery(
                queue,
                state,
                outcome,
                type,
                value,
                owner,
                leaseOwner,
                errorsOnly,
                receivedFrom,
                receivedTo,
                runAtFrom,
                runAtTo,
                finishedFrom,
                finishedTo,
                errorText,
                payloadPath,
                payloadValue,
                sort,
                descending,
                limit,
                cursor);
    }

    /** Only tasks of this owner; null for every owner. */
    public TaskQuery withOwner(String value) {
        return new TaskQuery(
                queue,
                state,
                outcome,
                type,
                jobId,
                value,
                leaseOwner,
                errorsOnly,
                receivedFrom,
                receivedTo,
                runAtFrom,
                runAtTo,
                finishedFrom,
                finishedTo,
                errorText,
                payloadPath,
                payloadValue,
                sort,
                descending,
                limit,
                cursor);
    }

    /** Only tasks leased to this worker; null for any. */
    public TaskQuery withLeaseOwner(String value) {
        return new TaskQuery(
                queue,
                state,
                outcome,
                type,
                jobId,
                owner,
                value,
                errorsOnly,
                receivedFrom,
                receivedTo,
                runAtFrom,
                runAtTo,
                finishedFrom,
                finishedTo,
                errorText,
                payloadPath,
                payloadValue,
                sort,
                descending,
                limit,
                cursor);
    }

    /** Only failed tasks and tasks waiting after a failed attempt. */
    public TaskQuery withErrorsOnly(boolean value) {
        return new TaskQuery(
                queue,
                state,
                outcome,
                type,
                jobId,
                owner,
                leaseOwner,
                value,
                receivedFrom,
                receivedTo,
                runAtFrom,
                runAtTo,
                finishedFrom,
                finishedTo,
                errorText,
                payloadPath,
                payloadValue,
                sort,
                descending,
                limit,
                cursor);
    }

    /** Only tasks received (enqueued) in [from, to); either end null for open. */
    public TaskQuery receivedBetween(@Nullable Instant from, @Nullable Instant to) {
        return new TaskQuery(
                queue,
                state,
                outcome,
                type,
                jobId,
                owner,
                leaseOwner,
                errorsOnly,
                from,
                to,
                runAtFrom,
                runAtTo,
                finishedFrom,
                finishedTo,
                errorText,
                payloadPath,
                payloadValue,
                sort,
                descending,
                limit,
                cursor);
    }

    /** Only tasks whose run time is in [from, to); either end null for open. */
    public TaskQuery runAtBetween(@Nullable Instant from, @Nullable Instant to) {
        return new TaskQuery(
                queue,
                state,
                outcome,
                type,
                jobId,
                owner,
                leaseOwner,
                errorsOnly,
                receivedFrom,
                receivedTo,
                from,
                to,
                finishedFrom,
                finishedTo,
                errorText,
                payloadPath,
                payloadValue,
                sort,
                descending,
                limit,
                cursor);
    }

    /** Only tasks finished in [from, to); either end null for open. */
    public TaskQuery finishedBetween(@Nullable Instant from, @Nullable Instant to) {
        return new TaskQuery(
                queue,
                state,
                outcome,
                type,
                jobId,
                owner,
                leaseOwner,
                errorsOnly,
                receivedFrom,
                receivedTo,
                runAtFrom,
                runAtTo,
                from,
                to,
                errorText,
                payloadPath,
                payloadValue,
                sort,
                descending,
                limit,
                cursor);
    }

    /** Only tasks whose last error message contains this text, ignoring case; null for any. */
    public TaskQuery withErrorText(String value) {
        return new TaskQuery(
                queue,
                state,
                outcome,
                type,
                jobId,
                owner,
                leaseOwner,
                errorsOnly,
                receivedFrom,
                receivedTo,
                runAtFrom,
                runAtTo,
                finishedFrom,
                finishedTo,
                value,
                payloadPath,
                payloadValue,
                sort,
                descending,
                limit,
                cursor);
    }

    /** Only tasks whose payload holds {@code value} at {@code path} (see {@link #payloadPath()}); both null for any. */
    public TaskQuery withPayload(@Nullable String path, @Nullable String value) {
        return new TaskQuery(
                queue,
                state,
                outcome,
                type,
                jobId,
                owner,
                leaseOwner,
                errorsOnly,
                receivedFrom,
                receivedTo,
                runAtFrom,
                runAtTo,
                finishedFrom,
                finishedTo,
                errorText,
                path,
                value,
                sort,
                descending,
                limit,
                cursor);
    }

    /** Sorted by this key, descending when {@code desc}. */
    public TaskQuery sortedBy(Sort value, boolean desc) {
        return new TaskQuery(
                queue,
                state,
                outcome,
                type,
                jobId,
                owner,
                leaseOwner,
                errorsOnly,
                receivedFrom,
                receivedTo,
                runAtFrom,
                runAtTo,
                finishedFrom,
                finishedTo,
                errorText,
                payloadPath,
                payloadValue,
                value,
                desc,
                limit,
                cursor);
    }

    /** Pages of this many tasks, 1 to {@link #MAX_LIMIT}. */
    public TaskQuery withLimit(int value) {
        return new TaskQuery(
                queue,
                state,
                outcome,
                type,
                jobId,
                owner,
                leaseOwner,
                errorsOnly,
                receivedFrom,
                receivedTo,
                runAtFrom,
                runAtTo,
                finishedFrom,
                finishedTo,
                errorText,
                payloadPath,
                payloadValue,
                sort,
                descending,
                value,
                cursor);
    }

    /** The page after the one that answered this {@link Page#nextCursor()}. */
    public TaskQuery withCursor(String value) {
        return new TaskQuery(
                queue,
                state,
                outcome,
                type,
                jobId,
                owner,
                leaseOwner,
                errorsOnly,
                receivedFrom,
                receivedTo,
                runAtFrom,
                runAtTo,
                finishedFrom,
                finishedTo,
                errorText,
                payloadPath,
                payloadValue,
                sort,
                descending,
                limit,
                value);
    }

    /** Whether the query reads rows to match text (error text, payload): such pages may be partial. */
    public boolean matchesText() {
        return errorText != null || payloadPath != null;
    }

    private static void window(String name, @Nullable Instant from, @Nullable Instant to) {
        // Within the range every store keeps as epoch milliseconds (an instant of year -999999999 overflows them).
        InputRanges.INSTANT.check(name + "From", from, Instant.EPOCH);
        InputRanges.INSTANT.check(name + "To", to, Instant.EPOCH);
        if (from != null && to != null && !to.isAfter(from)) {
            throw new InvalidRequestException(name + "To", "must be after " + name + "From (" + from + ")");
        }
    }

    private static void text(String field, @Nullable String value) {
        if (value != null && (value.isEmpty() || value.length() > MAX_TEXT)) {
            throw new InvalidRequestException(field, "must be 1 to " + MAX_TEXT + " characters");
        }
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
