package dev.tide.server;

import dev.tide.api.JobType;
import dev.tide.api.TaskQueue;
import dev.tide.api.TaskType;
import dev.tide.api.http.HttpBodies;
import io.javalin.config.RoutesConfig;

/** Task types and job types: define (create or replace) one by name, list them all. */
final class TypeRoutes {
    private final TaskQueue queue;
    private final JsonBody body;

    TypeRoutes(TaskQueue queue, JsonBody body) {
        this.queue = queue;
        this.body = body;
    }

    void addTo(RoutesConfig routes) {
        routes.put(
                "/v1/task-types/{name}",
                ctx -> ctx.json(queue.defineTaskType(body.named(ctx, TaskType.class))),
                Access.ADMIN);
        routes.get(
                "/v1/task-types", ctx -> ctx.json(new HttpBodies.TaskTypes(queue.taskTypes())), Access.AUTHENTICATED);
        routes.put(
                "/v1/job-types/{name}",
                ctx -> ctx.json(queue.defineJobType(body.named(ctx, JobType.class))),
                Access.ADMIN);
        routes.get("/v1/job-types", ctx -> ctx.json(new HttpBodies.JobTypes(queue.jobTypes())), Access.AUTHENTICATED);
    }
}
