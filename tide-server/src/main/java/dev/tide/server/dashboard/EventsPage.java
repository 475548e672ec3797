package dev.tide.server.dashboard;

import dev.tide.api.EventQuery;
import dev.tide.api.InvalidRequestException;
import dev.tide.api.TideEvent;
import java.util.List;

/** The event log, newest first, filtered by kind, paged back by the last id of the page before. */
final class EventsPage {
    static final int PAGE = 100;

    void addTo(PageRoutes pages) {
        pages.get("/events", page -> {
            page.view().requireReader("the event log");
            String kind = page.query("kind");
            Long before = page.query("before") == null ? null : positive(page.query("before"));
            List<TideEvent> events = page.view().queue().monitoring().events(new EventQuery(kind, before, PAGE));
            Long older = events.size() == PAGE ? events.get(events.size() - 1).id() : null;
            page.render("events.jte", "events", events, "kind", kind == null ? "" : kind, "older", older);
        });
    }

    private static long positive(String text) {
        try {
            long value = Long.parseLong(text);
            if (value > 0) {
                return value;
            }
        } catch (NumberFormatException e) {
            // answered below
        }
        throw new InvalidRequestException("before", "'" + text + "' is not a positive whole number");
    }
}
