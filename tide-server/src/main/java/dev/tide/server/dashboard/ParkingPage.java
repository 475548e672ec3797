package dev.tide.server.dashboard;

import dev.tide.api.InvalidRequestException;
import dev.tide.api.TaskQuery;
import dev.tide.api.TaskSelection;
import dev.tide.api.TaskState;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.List;

/**
 * Parking (seed 004): hold back the waiting tasks of an owner, of a queue, or received in a time window, and let them
 * go again; the parked tasks listed.
 */
final class ParkingPage {

    void addTo(PageRoutes pages) {
        pages.get("/parking", page -> {
            page.view().requireReader("parking");
            page.render(
                    "parking.jte",
                    "parked",
                    page.view()
                            .tasks(TaskQuery.all().withState(TaskState.PARKED).withLimit(100))
                            .items());
        });
        pages.post("/parking/park", page -> {
            page.view().requireAdmin("park tasks");
            int parked = page.view().queue().park(selection(page));
            page.redirect("/parking", parked + " tasks parked.");
        });
        pages.post("/parking/unpark", page -> {
            page.view().requireAdmin("unpark tasks");
            int unparked = page.view().queue().unpark(selection(page));
            page.redirect("/parking", unparked + " tasks unparked.");
        });
    }

    private static TaskSelection selection(PageContext page) {
        return new TaskSelection(
                List.of(), page.form("owner"), page.form("queue"), instant(page, "from"), instant(page, "to"));
    }

    /** An instant typed as ISO-8601 ({@code 2026-11-24T18:00:00Z}); null when left empty. */
    private static Instant instant(PageContext page, String field) {
        String text = page.form(field);
        if (text == null) {
            return null;
        }
        try {
            return Instant.parse(text);
        } catch (DateTimeParseException e) {
            throw new InvalidRequestException(field, "'" + text + "' is not a time such as 2026-11-24T18:00:00Z");
        }
    }
}
