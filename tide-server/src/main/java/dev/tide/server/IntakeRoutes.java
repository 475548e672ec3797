package dev.tide.server;

import dev.tide.api.IntakeFileQuery;
import dev.tide.api.InvalidRequestException;
import dev.tide.api.TaskQueue;
import dev.tide.api.http.HttpBodies;
import dev.tide.api.http.Routes;
import io.javalin.config.RoutesConfig;
import io.javalin.http.Context;

/**
 * Folder intake's switch and status, the same for every node, and its record of the files the nodes took or refused
 * (docs/intake.md). Administrators only: the files name every user's folder.
 */
final class IntakeRoutes {
    private final TaskQueue queue;
    private final JsonBody body;

    IntakeRoutes(TaskQueue queue, JsonBody body) {
        this.queue = queue;
        this.body = body;
    }

    void addTo(RoutesConfig routes) {
        routes.get(Routes.INTAKE, ctx -> ctx.json(queue.intake().status()), Access.ADMIN);
        routes.put(
                Routes.INTAKE,
                ctx -> {
                    Boolean enabled =
                            body.required(ctx, HttpBodies.IntakeSwitch.class).enabled();
                    if (enabled == null) {
                        throw new InvalidRequestException("enabled", "is required: true or false");
                    }
                    ctx.json(queue.intake().switchTo(enabled));
                },
                Access.ADMIN);
        routes.get(Routes.INTAKE_FILES, ctx -> ctx.json(queue.intake().files(fileQuery(ctx))), Access.ADMIN);
    }

    /**
     * {@code ?limit=&cursor=}; unknown and repeated parameters were refused before the route ran
     * ({@link DocumentedQueryParameters}).
     */
    private static IntakeFileQuery fileQuery(Context ctx) {
        String limit = ctx.queryParam("limit");
        int size = 0; // the default page size
        if (limit != null) {
            try {
                size = Integer.parseInt(limit);
            } catch (NumberFormatException e) {
                throw new InvalidRequestException("limit", "'" + limit + "' is not a whole number");
            }
            if (size == 0) {
                throw new InvalidRequestException("limit", "must be between 1 and " + IntakeFileQuery.MAX_LIMIT);
            }
        }
        return new IntakeFileQuery(size, ctx.queryParam("cursor"));
    }
}
