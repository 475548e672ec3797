package dev.tide.api;

/**
 * How many tasks match a {@link TaskQuery} (its sort, limit and cursor aside).
 *
 * @param value the count, exact unless {@code estimated}
 * @param estimated true when counting exactly would have read too many rows: then {@code value} is the planner's
 *     estimate (PostgreSQL) or a lower bound, "at least this many" (SQLite, and tasks matched by text)
 */
public record TaskCount(long value, boolean estimated) {
    public TaskCount {
        if (value < 0) {
            throw new IllegalArgumentException("value must not be negative");
        }
    }
}
