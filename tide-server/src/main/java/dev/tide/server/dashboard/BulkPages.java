package dev.tide.server.dashboard;

import dev.tide.api.BulkAction;
import dev.tide.api.BulkInfo;
import dev.tide.api.BulkMatch;
import dev.tide.api.BulkRequest;
import dev.tide.api.InvalidRequestException;
import dev.tide.api.TaskQuery;
import java.util.ArrayList;
import java.util.List;

/**
 * Bulk actions from the task list: retry, cancel, park or unpark of the selected tasks, or of all tasks matching the
 * list's filter after a confirmation that states how many (counted with the highest id then, so that no task received
 * later is touched). The server works through them in batches; the bulk action's page shows the progress live and can
 * cancel it. The same operation as {@code POST /v1/bulk-actions}, with the same tenancy.
 */
final class BulkPages {

    void addTo(PageRoutes pages) {
        pages.get(
                "/bulk",
                page -> page.render(
                        "bulk-list.jte", "actions", page.view().bulk().recent(50)));
        pages.get("/bulk/confirm", this::confirm);
        pages.post("/bulk", this::startMatching);
        pages.post("/bulk/selected", this::startSelected);
        pages.get(
                "/bulk/{id}",
                page -> page.render("bulk.jte", "action", page.view().bulk().get(page.id())));
        pages.post("/bulk/{id}/cancel", page -> {
            BulkInfo info = page.view().bulk().cancel(page.id());
            page.redirect("/bulk/" + info.id(), "Bulk action " + info.id() + " cancelled: done batches stay done.");
        });
    }

    /** "Cancel 1,234 tasks matching ...?": the count now, and the form that starts it. */
    private void confirm(PageContext page) {
        BulkAction action = action(page.query("action"));
        TaskFilter filter = TaskFilter.from(page);
        TaskQuery query = page.view().confined(filter.query());
        BulkMatch match = page.view().bulk().match(query);
        page.render("bulk-confirm.jte", "action", action, "filter", filter, "match", match);
    }

    private void startMatching(PageContext page) {
        BulkAction action = action(page.form("action"));
        TaskFilter filter = TaskFilter.fromForm(page);
        long upTo = upTo(page.form("upToTaskId"));
        BulkRequest request =
                new BulkRequest(action, page.view().confined(filter.query()), List.of(), upTo, reason(page, action));
        BulkInfo started = page.view().bulk().start(request);
        page.redirect("/bulk/" + started.id(), null);
    }

    private void startSelected(PageContext page) {
        BulkAction action = action(page.form("action"));
        List<Long> ids = new ArrayList<>();
        for (String text : page.ctx().formParams("id")) {
            try {
                ids.add(Long.parseLong(text));
            } catch (NumberFormatException e) {
                throw new InvalidRequestException("id", "'" + text + "' is not a task id");
            }
        }
        if (ids.isEmpty()) {
            throw new InvalidRequestException("id", "select at least one task");
        }
        BulkInfo started = page.view().bulk().start(new BulkRequest(action, null, ids, null, reason(page, action)));
        page.redirect("/bulk/" + started.id(), null);
    }

    private static String reason(PageContext page, BulkAction action) {
        return action == BulkAction.CANCEL ? page.form("reason") : null;
    }

    private static BulkAction action(String text) {
        BulkAction action = BulkAction.parse(text);
        if (action == null) {
            throw new InvalidRequestException("action", "choose retry, cancel, park or unpark");
        }
        return action;
    }

    private static long upTo(String text) {
        try {
            return Long.parseLong(text);
        } catch (NumberFormatException | NullPointerException e) {
            throw new InvalidRequestException("upToTaskId", "the confirmation's count is missing: confirm again");
        }
    }
}
