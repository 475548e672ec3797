package dev.tide.server;

import dev.tide.api.QueueDefinition;
import dev.tide.api.TaskQueue;
import dev.tide.api.UserShares;
import dev.tide.api.http.HttpBodies;
import io.javalin.config.RoutesConfig;
import io.javalin.http.Context;

/**
 * Queues: define (create or change) one by name, list them, suspend and resume dispatch; a queue's users and their
 * shares; the server-wide prohibited users.
 */
final class QueueRoutes {
    private final TaskQueue queue;
    private final JsonBody body;

    QueueRoutes(TaskQueue queue, JsonBody body) {
        this.queue = queue;
        this.body = body;
    }

    void addTo(RoutesConfig routes) {
        routes.put(
                "/v1/queues/{name}",
                ctx -> ctx.json(queue.defineQueue(body.named(ctx, QueueDefinition.class))),
                Access.ADMIN);
        routes.get("/v1/queues", ctx -> ctx.json(new HttpBodies.Queues(queue.queues())), Access.WORKER, Access.ADMIN);
        routes.post("/v1/queues/{name}/suspend", ctx -> ctx.json(queue.suspendQueue(name(ctx))), Access.ADMIN);
        routes.post("/v1/queues/{name}/resume", ctx -> ctx.json(queue.resumeQueue(name(ctx))), Access.ADMIN);
        routes.put(
                "/v1/queues/{name}/users",
                ctx -> {
                    UserShares shares = body.required(ctx, UserShares.class);
                    ctx.json(new HttpBodies.QueueUsers(queue.assignUsers(PathParams.text(ctx, "name"), shares)));
                },
                Access.ADMIN);
        routes.get(
                "/v1/queues/{name}/users",
                ctx -> ctx.json(new HttpBodies.QueueUsers(queue.queueUsers(PathParams.text(ctx, "name")))),
                Access.ADMIN);
        routes.put(
                "/v1/prohibited-users",
                ctx -> {
                    HttpBodies.Users users = body.required(ctx, HttpBodies.Users.class);
                    ctx.json(new HttpBodies.Users(queue.prohibitUsers(users.users())));
                },
                Access.ADMIN);
        routes.get(
                "/v1/prohibited-users", ctx -> ctx.json(new HttpBodies.Users(queue.prohibitedUsers())), Access.ADMIN);
    }

    /** The queue named by the path; these routes take no body but {@code {}}. */
    private String name(Context ctx) {
        body.optional(ctx, HttpBodies.Empty.class);
        return PathParams.text(ctx, "name");
    }
}
