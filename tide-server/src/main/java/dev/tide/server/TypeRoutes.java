package dev.tide.server;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tide.api.InvalidRequestException;
import dev.tide.api.JobType;
import dev.tide.api.TaskQueue;
import dev.tide.api.TaskType;
import dev.tide.api.http.HttpBodies;
import io.javalin.config.RoutesConfig;
import io.javalin.http.Context;

/** Task types and job types: define (create or replace) one by name, list them all. */
final class TypeRoutes {
    private final TaskQueue queue;
    private final JsonBody body;

    TypeRoutes(TaskQueue queue, JsonBody body) {
        this.queue = queue;
        this.body = body;
    }

    void addTo(RoutesConfig routes) {
        routes.put("/v1/task-types/{name}", ctx -> ctx.json(queue.defineTaskType(named(ctx, TaskType.class))));
        routes.get("/v1/task-types", ctx -> ctx.json(new HttpBodies.TaskTypes(queue.taskTypes())));
        routes.put("/v1/job-types/{name}", ctx -> ctx.json(queue.defineJobType(named(ctx, JobType.class))));
        routes.get("/v1/job-types", ctx -> ctx.json(new HttpBodies.JobTypes(queue.jobTypes())));
    }

    /** The body as a type whose name comes from the path; a {@code name} in the body must agree. */
    private <T> T named(Context ctx, Class<T> type) {
        String name = PathParams.text(ctx, "name");
        ObjectNode json = body.requiredObject(ctx);
        JsonNode given = json.get("name");
        if (given != null
                && !given.isNull()
                && !(given.isTextual() && given.asText().equals(name))) {
            throw new InvalidRequestException("name", "is " + given + " but the path names '" + name + "'");
        }
        json.put("name", name);
        return body.convert(json, type);
    }
}
