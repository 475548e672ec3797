package dev.tide.core.store;

import java.time.Instant;
import java.util.List;

/**
 * One pass's firing of a due schedule, claimed by a compare-and-set of its next firing: from {@code due} (the next
 * firing the pass read) to {@code next}. Only the claim that moves it inserts {@code rows}, in the same transaction.
 *
 * @param next the first firing after the pass's time, or null when the expression never fires again
 * @param firings the firing of each row, in the same order (the last is recorded as the schedule's latest)
 * @param missed the event telling of firings that fire nothing, or null
 */
public record ScheduleFiring(
        String name, Instant due, Instant next, List<Instant> firings, List<TaskRow> rows, EventRow missed) {
    public ScheduleFiring {
        firings = List.copyOf(firings);
        rows = List.copyOf(rows);
        if (firings.size() != rows.size()) {
            throw new IllegalArgumentException("one firing per row");
        }
    }
}
