package dev.tide.api;

import java.util.List;

/**
 * One page of a listing.
 *
 * @param nextCursor pass it back to get the next page; null on the last page
 * @param partial true when the listing read as many rows as one page may (a text search without an index, see
 *     {@link TaskQuery}) before filling the page: it may hold fewer items than asked for, even none, and
 *     {@code nextCursor} continues the search from where it stopped
 */
public record Page<T>(List<T> items, String nextCursor, boolean partial) {
    public Page {
        items = List.copyOf(items);
    }

    /** A page that read all it needed. */
    public Page(List<T> items, String nextCursor) {
        this(items, nextCursor, false);
    }
}
