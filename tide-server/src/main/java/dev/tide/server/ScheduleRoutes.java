package dev.tide.server;

import dev.tide.api.InvalidRequestException;
import dev.tide.api.Schedule;
import dev.tide.api.TaskQueue;
import dev.tide.api.http.HttpBodies;
import dev.tide.api.http.Routes;
import io.javalin.config.RoutesConfig;
import io.javalin.http.Context;

/**
 * Schedules: define (create or replace) one, list them, read one and its upcoming firings, pause, resume and remove
 * one by name.
 */
final class ScheduleRoutes {
    private static final int DEFAULT_FIRINGS = 10;

    private final TaskQueue queue;
    private final JsonBody body;

    ScheduleRoutes(TaskQueue queue, JsonBody body) {
        this.queue = queue;
        this.body = body;
    }

    void addTo(RoutesConfig routes) {
        routes.put(
                Routes.SCHEDULES,
                ctx -> ctx.json(queue.schedules().define(body.required(ctx, Schedule.class))),
                Access.ADMIN);
        routes.put(
                Routes.SCHEDULE,
                ctx -> ctx.json(queue.schedules().define(body.named(ctx, Schedule.class))),
                Access.ADMIN);
        routes.get(
                Routes.SCHEDULES,
                ctx -> ctx.json(new HttpBodies.Schedules(queue.schedules().list())),
                Access.ADMIN);
        routes.get(Routes.SCHEDULE, ctx -> ctx.json(queue.schedules().get(PathParams.text(ctx, "name"))), Access.ADMIN);
        routes.get(
                Routes.SCHEDULE_FIRINGS,
                ctx -> ctx.json(
                        new HttpBodies.Firings(queue.schedules().firings(PathParams.text(ctx, "name"), count(ctx)))),
                Access.ADMIN);
        routes.post(Routes.SCHEDULE_PAUSE, ctx -> ctx.json(queue.schedules().pause(name(ctx))), Access.ADMIN);
        routes.post(Routes.SCHEDULE_RESUME, ctx -> ctx.json(queue.schedules().resume(name(ctx))), Access.ADMIN);
        routes.delete(
                Routes.SCHEDULE,
                ctx -> {
                    queue.schedules().delete(PathParams.text(ctx, "name"));
                    ctx.status(204);
                },
                Access.ADMIN);
    }

    /** The schedule named by the path; these routes take no body but {@code {}}. */
    private String name(Context ctx) {
        body.optional(ctx, HttpBodies.Empty.class);
        return PathParams.text(ctx, "name");
    }

    /** {@code ?count=}: how many firings, 10 when absent; the engine checks the range. */
    private static int count(Context ctx) {
        String text = ctx.queryParam("count");
        if (text == null) {
            return DEFAULT_FIRINGS;
        }
        try {
            return Integer.parseInt(text);
        } catch (NumberFormatException e) {
            throw new InvalidRequestException("count", "'" + text + "' is not a whole number");
        }
    }
}
