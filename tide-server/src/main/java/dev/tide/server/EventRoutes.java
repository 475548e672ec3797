package dev.tide.server;

import dev.tide.api.EventQuery;
import dev.tide.api.InvalidRequestException;
import dev.tide.api.TaskQueue;
import dev.tide.api.http.HttpBodies;
import dev.tide.api.http.Routes;
import io.javalin.config.RoutesConfig;
import io.javalin.http.Context;

/**
 * {@code GET /v1/events?kind=&taskId=&jobId=&actor=&before=&limit=}: the event log, newest first, administrators
 * only (an event names any user's tasks and jobs). Strict like the task list: an unknown or
 * repeated parameter is a 400.
 */
final class EventRoutes {
    private final TaskQueue queue;

    EventRoutes(TaskQueue queue) {
        this.queue = queue;
    }

    void addTo(RoutesConfig routes) {
        routes.get(
                Routes.EVENTS,
                ctx -> ctx.json(new HttpBodies.Events(queue.monitoring().events(query(ctx)))),
                Access.ADMIN);
    }

    private static EventQuery query(Context ctx) {
        Long before = number(ctx, "before");
        Long limit = number(ctx, "limit");
        if (limit != null && limit > EventQuery.MAX_LIMIT) {
            throw new InvalidRequestException("limit", "must be between 1 and " + EventQuery.MAX_LIMIT);
        }
        return new EventQuery(
                ctx.queryParam("kind"),
                before,
                limit == null ? EventQuery.DEFAULT_LIMIT : limit.intValue(),
                number(ctx, "taskId"),
                number(ctx, "jobId"),
                ctx.queryParam("actor"));
    }

    /** A positive whole number, or null when absent. */
    private static Long number(Context ctx, String name) {
        String text = ctx.queryParam(name);
        if (text == null) {
            return null;
        }
        try {
            long value = Long.parseLong(text);
            if (value > 0) {
                return value;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new InvalidRequestException(name, "'" + text + "' is not a positive whole number");
    }
}
