package dev.tide.server;

import dev.tide.api.JobType;
import dev.tide.api.TaskQueue;
import dev.tide.api.TaskType;
import dev.tide.api.http.HttpBodies;
import dev.tide.api.http.Routes;
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
                Routes.TASK_TYPE, ctx -> ctx.json(queue.defineTaskType(body.named(ctx, TaskType.class))), Access.ADMIN);
        routes.get(
                Routes.TASK_TYPES, ctx -> ctx.json(new HttpBodies.TaskTypes(queue.taskTypes())), Access.AUTHENTICATED);
        routes.put(Routes.JOB_TYPE, ctx -> ctx.json(queue.defineJobType(body.named(ctx, JobType.class))), Access.ADMIN);
        routes.get(Routes.JOB_TYPES, ctx -> ctx.json(new HttpBodies.JobTypes(queue.jobTypes())), Access.AUTHENTICATED);
    }
}
