package dev.tide.server.dashboard;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import dev.tide.api.EventQuery;
import dev.tide.api.NotFoundException;
import dev.tide.api.Page;
import dev.tide.api.TaskInfo;
import dev.tide.api.TaskQuery;
import dev.tide.api.TaskSelection;
import dev.tide.api.json.Json;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * The task list (filtered, sorted and paged by cursor, the filter in the URL) and one task: every field, its payload
 * and result as indented JSON (a payload kept in the blob store as a download), its lease, what it depends on; retry,
 * cancel, park and unpark from there.
 */
final class TaskPages {

    void addTo(PageRoutes pages) {
        pages.get("/tasks", this::list);
        pages.get("/tasks/{id}", this::show);
        pages.get("/tasks/{id}/payload", this::download);
        pages.post("/tasks/{id}/retry", page -> {
            TaskInfo task = page.view().retry(page.id());
            page.redirect("/tasks/" + task.id(), "Task " + task.id() + " will run again.");
        });
        pages.post("/tasks/{id}/cancel", page -> {
            TaskInfo task = page.view().cancel(page.id(), page.form("reason"));
            page.redirect("/tasks/" + task.id(), "Task " + task.id() + " cancelled.");
        });
        pages.post("/tasks/{id}/park", page -> {
            page.view().requireAdmin("park tasks");
            long id = page.view().task(page.id()).id();
            page.view().queue().park(TaskSelection.ids(List.of(id)));
            page.redirect("/tasks/" + id, "Task " + id + " parked.");
        });
        pages.post("/tasks/{id}/unpark", page -> {
            page.view().requireAdmin("unpark tasks");
            long id = page.view().task(page.id()).id();
            page.view().queue().unpark(TaskSelection.ids(List.of(id)));
            page.redirect("/tasks/" + id, "Task " + id + " unparked.");
        });
    }

    private void list(PageContext page) {
        TaskFilter filter = TaskFilter.from(page);
        TaskQuery query = filter.query();
        String cursor = page.query("cursor");
        if (cursor != null) {
            query = query.withCursor(cursor);
        }
        Page<TaskInfo> tasks = page.view().tasks(query);
        page.render(
                "tasks.jte",
                "filter",
                filter,
                "tasks",
                tasks,
                "firstPage",
                cursor == null,
                "count",
                page.view().countTasks(filter.query()));
    }

    private void show(PageContext page) {
        TaskInfo task = page.view().task(page.id());
        page.render(
                "task.jte",
                "task",
                task,
                "payload",
                task.blob() == null ? pretty(task.payload()) : null,
                "result",
                pretty(task.result()),
                "dependents",
                page.view().dependents(task.id()),
                "events",
                page.view().events(EventQuery.recent().withTaskId(task.id())));
    }

    /**
     * The payload as a file to save, never as a page: a payload kept in the blob store may be megabytes (the task page
     * links it rather than showing it), and any payload is hostile input, so it is sent as an attachment under the
     * security headers' {@code nosniff}, which no browser renders in the dashboard's origin.
     */
    private void download(PageContext page) {
        TaskInfo task = page.view().task(page.id());
        if (task.payload() == null) {
            // "<what> not found": the blob was deleted when the task succeeded, or there never was a payload
            throw new NotFoundException("task " + task.id() + "'s payload");
        }
        page.ctx()
                .header("Content-Disposition", "attachment; filename=\"task-" + task.id() + "-payload.json\"")
                .contentType("application/json; charset=utf-8")
                .result(task.payload().getBytes(StandardCharsets.UTF_8));
    }

    /** Indented JSON for reading; null stays null. */
    static String pretty(String json) {
        if (json == null) {
            return null;
        }
        try {
            JsonNode tree = Json.mapper().readTree(json);
            return Json.mapper().writerWithDefaultPrettyPrinter().writeValueAsString(tree);
        } catch (JsonProcessingException e) {
            return json;
        }
    }
}
