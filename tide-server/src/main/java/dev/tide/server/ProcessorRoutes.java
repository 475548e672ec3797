package dev.tide.server;

import dev.tide.api.ProcessorDefinition;
import dev.tide.api.TaskQueue;
import dev.tide.api.http.HttpBodies;
import dev.tide.api.http.Routes;
import io.javalin.config.RoutesConfig;
import io.javalin.http.Context;

/**
 * Processors (seed 004's Submission Processors): define (create or change) one by name, list them with what each is
 * doing on every node, read one, start, stop and remove one. Workers claim under a processor through {@code POST
 * /v1/claims} with {@code processor}.
 */
final class ProcessorRoutes {
    private final TaskQueue queue;
    private final JsonBody body;

    ProcessorRoutes(TaskQueue queue, JsonBody body) {
        this.queue = queue;
        this.body = body;
    }

    void addTo(RoutesConfig routes) {
        routes.put(
                Routes.PROCESSOR,
                ctx -> ctx.json(queue.processors().define(body.named(ctx, ProcessorDefinition.class))),
                Access.ADMIN);
        routes.get(
                Routes.PROCESSORS,
                ctx -> ctx.json(new HttpBodies.Processors(queue.processors().list())),
                Access.WORKER,
                Access.ADMIN);
        routes.get(
                Routes.PROCESSOR,
                ctx -> ctx.json(queue.processors().get(PathParams.text(ctx, "name"))),
                Access.WORKER,
                Access.ADMIN);
        routes.post(Routes.PROCESSOR_START, ctx -> ctx.json(queue.processors().start(name(ctx))), Access.ADMIN);
        routes.post(Routes.PROCESSOR_STOP, ctx -> ctx.json(queue.processors().stop(name(ctx))), Access.ADMIN);
        routes.delete(
                Routes.PROCESSOR,
                ctx -> {
                    queue.processors().delete(PathParams.text(ctx, "name"));
                    ctx.status(204);
                },
                Access.ADMIN);
    }

    /** The processor named by the path; these routes take no body but {@code {}}. */
    private String name(Context ctx) {
        body.optional(ctx, HttpBodies.Empty.class);
        return PathParams.text(ctx, "name");
    }
}
