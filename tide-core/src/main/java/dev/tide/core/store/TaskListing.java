package dev.tide.core.store;

import dev.tide.api.TaskQuery;

/**
 * A task listing or count as the store answers it.
 *
 * @param query the filters, order and page
 * @param scanRows the most rows one page (or count) reads to match text that no index serves (error text on SQLite,
 *     payloads): past that the page stops short, {@link dev.tide.api.Page#partial()}, and the count is a lower bound
 */
public record TaskListing(TaskQuery query, int scanRows) {
    /** The bound of the dashboard's text search: a page reads at most this many rows. */
    public static final int SCAN_ROWS = 100_000;

    /**
     * Counts read at most this many matching rows; past it the count is an estimate (see
     * {@link dev.tide.api.TaskCount}).
     */
    public static final int EXACT_COUNT_ROWS = 10_000;

    public TaskListing {
        if (scanRows < 1) {
            throw new IllegalArgumentException("scanRows must be at least 1");
        }
    }

    public static TaskListing of(TaskQuery query) {
        return new TaskListing(query, SCAN_ROWS);
    }
}
