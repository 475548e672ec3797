package dev.tide.server;

import dev.tide.api.QueueDefinition;
import dev.tide.api.TaskQueue;
import dev.tide.api.http.HttpBodies;
import io.javalin.config.RoutesConfig;
import io.javalin.http.Context;

/** Queues: define (create or change) one by name, list them, suspend and resume dispatch. */
final class QueueRoutes {
    private final TaskQueue queue;
    private final JsonBody body;

    QueueRoutes(TaskQueue queue, JsonBody body) {
        this.queue = queue;
        this.body = body;
    }

    void addTo(RoutesConfig routes) {
        routes.put("/v1/queues/{name}", ctx -> ctx.json(queue.defineQueue(body.named(ctx, QueueDefinition.class))));
        routes.get("/v1/queues", ctx -> ctx.json(new HttpBodies.Queues(queue.queues())));
        routes.post("/v1/queues/{name}/suspend", ctx -> ctx.json(queue.suspendQueue(name(ctx))));
        routes.post("/v1/queues/{name}/resume", ctx -> ctx.json(queue.resumeQueue(name(ctx))));
    }

    /** The queue named by the path; these routes take no body but {@code {}}. */
    private String name(Context ctx) {
        body.optional(ctx, HttpBodies.Empty.class);
        return PathParams.text(ctx, "name");
    }
}
