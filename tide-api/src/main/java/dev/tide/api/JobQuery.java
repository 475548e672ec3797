package dev.tide.api;

import org.jspecify.annotations.Nullable;

/**
 * A page of jobs, newest first (by id), each filter optional; given together, a job must match them all. Pages are
 * keyset pages, as {@link TaskQuery}'s are: pass the previous page's {@link Page#nextCursor()} with the same filters.
 *
 * @param state open or finished; null for both
 * @param type only jobs of this job type
 * @param owner only this user's jobs (a submitter through a server sees only its own whatever it asks)
 * @param deadlinePassed only open jobs whose deadline has passed by the engine's clock (overdue); it cannot be
 *     combined with {@code state = finished}
 * @param limit page size, 1 to {@link #MAX_LIMIT}; {@link #DEFAULT_LIMIT} when 0
 * @param cursor from the previous page's {@link Page#nextCursor()}; null for the first page
 */
public record JobQuery(
        @Nullable JobState state,
        @Nullable String type,
        @Nullable String owner,
        boolean deadlinePassed,
        int limit,
        @Nullable String cursor) {

    public static final int DEFAULT_LIMIT = 50;
    public static final int MAX_LIMIT = 1000;

    public JobQuery {
        if (limit == 0) {
            limit = DEFAULT_LIMIT;
        }
        if (limit < 1 || limit > MAX_LIMIT) {
            throw new InvalidRequestException("limit", "must be between 1 and " + MAX_LIMIT);
        }
        if (deadlinePassed && state == JobState.FINISHED) {
            throw new InvalidRequestException(
                    "deadlinePassed",
                    "selects open jobs past their deadline; it cannot be combined with state finished");
        }
    }

    /** Every job, newest first, the default page size. */
    public static JobQuery all() {
        return new JobQuery(null, null, null, false, 0, null);
    }

    public JobQuery withState(@Nullable JobState value) {
        return new JobQuery(value, type, owner, deadlinePassed, limit, cursor);
    }

    public JobQuery withType(@Nullable String value) {
        return new JobQuery(state, value, owner, deadlinePassed, limit, cursor);
    }

    public JobQuery withOwner(@Nullable String value) {
        return new JobQuery(state, type, value, deadlinePassed, limit, cursor);
    }

    public JobQuery withDeadlinePassed(boolean value) {
        return new JobQuery(state, type, owner, value, limit, cursor);
    }

    public JobQuery withLimit(int value) {
        return new JobQuery(state, type, owner, deadlinePassed, value, cursor);
    }

    public JobQuery withCursor(@Nullable String value) {
        return new JobQuery(state, type, owner, deadlinePassed, limit, value);
    }
}
