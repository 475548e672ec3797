package dev.tide.api;

import java.util.List;

/**
 * One page of a listing.
 *
 * @param nextCursor pass it back to get the next page; null on the last page
 */
public record Page<T>(List<T> items, String nextCursor) {
    public Page {
        items = List.copyOf(items);
    }
}
