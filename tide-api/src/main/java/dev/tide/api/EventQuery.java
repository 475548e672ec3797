package dev.tide.api;

import org.jspecify.annotations.Nullable;

/**
 * Which events to list, newest first.
 *
 * @param kind only events of this kind (e.g. {@code deadline.violation}); null for every kind
 * @param before only events older than this id, to page back from the last event of the previous page; null to start
 *     from the newest
 * @param limit at most this many, 1 to {@value #MAX_LIMIT}
 */
public record EventQuery(@Nullable String kind, @Nullable Long before, int limit) {
    public static final int DEFAULT_LIMIT = 100;
    public static final int MAX_LIMIT = 1000;

    public EventQuery {
        if (limit < 1 || limit > MAX_LIMIT) {
            throw new InvalidRequestException("limit", "must be between 1 and " + MAX_LIMIT);
        }
        if (before != null && before < 1) {
            throw new InvalidRequestException("before", "must be a positive event id");
        }
    }

    /** The newest events of every kind. */
    public static EventQuery recent() {
        return new EventQuery(null, null, DEFAULT_LIMIT);
    }

    public EventQuery withKind(@Nullable String value) {
        return new EventQuery(value, before, limit);
    }

    public EventQuery withBefore(@Nullable Long value) {
        return new EventQuery(kind, value, limit);
    }

    public EventQuery withLimit(int value) {
        return new EventQuery(kind, before, value);
    }
}
