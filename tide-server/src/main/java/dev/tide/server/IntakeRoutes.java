package dev.tide.server;

import dev.tide.api.InvalidRequestException;
import dev.tide.api.TaskQueue;
import dev.tide.api.http.HttpBodies;
import dev.tide.api.http.Routes;
import io.javalin.config.RoutesConfig;

/** Folder intake's switch and status, the same for every node (docs/intake.md). */
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
    }
}
