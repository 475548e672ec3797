package dev.tide.server;

import dev.tide.api.QueueDefinition;
import dev.tide.api.TaskQueue;
import dev.tide.api.UserShares;
import dev.tide.api.http.HttpBodies;
import dev.tide.api.http.Routes;
import io.javalin.config.RoutesConfig;
import io.javalin.http.Context;

/**
 * Queues: define (create or change) one by name, list them, suspend and resume dispatch; a queue's users and their
 * shares (replaced with PUT, adjusted field by field with PATCH) and the tasks each was served in the last hour; the
 * server-wide prohibited users.
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
                Routes.QUEUE,
                ctx -> ctx.json(queue.queues().define(body.named(ctx, QueueDefinition.class))),
                Access.ADMIN);
        routes.get(
                Routes.QUEUES,
                ctx -> ctx.json(new HttpBodies.Queues(queue.queues().list())),
                Access.WORKER,
                Access.ADMIN);
        routes.post(Routes.QUEUE_SUSPEND, ctx -> ctx.json(queue.queues().suspend(name(ctx))), Access.ADMIN);
        routes.post(Routes.QUEUE_RESUME, ctx -> ctx.json(queue.queues().resume(name(ctx))), Access.ADMIN);
        routes.put(
                Routes.QUEUE_USERS,
                ctx -> {
                    UserShares shares = body.required(ctx, UserShares.class);
                    ctx.json(new HttpBodies.QueueUsers(
                            queue.queues().assignUsers(PathParams.text(ctx, "name"), shares)));
                },
                Access.ADMIN);
        routes.patch(
                Routes.QUEUE_USERS,
                ctx -> {
                    UserShares shares = body.required(ctx, UserShares.class);
                    ctx.json(new HttpBodies.QueueUsers(
                            queue.queues().adjustUsers(PathParams.text(ctx, "name"), shares)));
                },
                Access.ADMIN);
        routes.get(
                Routes.QUEUE_USERS,
                ctx -> ctx.json(new HttpBodies.QueueUsers(queue.queues().users(PathParams.text(ctx, "name")))),
                Access.ADMIN);
        routes.get(
                Routes.QUEUE_SERVED,
                ctx -> ctx.json(queue.queues().served(PathParams.text(ctx, "name"))),
                Access.WORKER,
                Access.ADMIN);
        routes.put(
                Routes.PROHIBITED_USERS,
                ctx -> {
                    HttpBodies.Users users = body.required(ctx, HttpBodies.Users.class);
                    ctx.json(new HttpBodies.Users(queue.queues().prohibitUsers(users.users())));
                },
                Access.ADMIN);
        routes.get(
                Routes.PROHIBITED_USERS,
                ctx -> ctx.json(new HttpBodies.Users(queue.queues().prohibitedUsers())),
                Access.ADMIN);
    }

    /** The queue named by the path; these routes take no body but {@code {}}. */
    private String name(Context ctx) {
        body.optional(ctx, HttpBodies.Empty.class);
        return PathParams.text(ctx, "name");
    }
}
