package dev.tide.server;

import dev.tide.api.TaskQueue;
import dev.tide.api.http.HttpBodies;
import io.javalin.config.RoutesConfig;
import io.javalin.http.Context;
import java.time.Duration;

/** A worker's leases by name: list them, take them up again after a restart, or give them all back. */
final class WorkerRoutes {
    private final TaskQueue queue;
    private final JsonBody body;

    WorkerRoutes(TaskQueue queue, JsonBody body) {
        this.queue = queue;
        this.body = body;
    }

    void addTo(RoutesConfig routes) {
        routes.get(
                "/v1/workers/{worker}/leases",
                ctx -> ctx.json(new HttpBodies.Tasks(queue.leases(worker(ctx)))),
                Access.WORKER);
        routes.post("/v1/workers/{worker}/resume", this::resume, Access.WORKER);
        routes.post("/v1/workers/{worker}/release", this::release, Access.WORKER);
    }

    private void resume(Context ctx) {
        String worker = worker(ctx);
        Duration lease = body.optional(ctx, HttpBodies.Resume.class)
                .map(HttpBodies.Resume::leaseDuration)
                .orElse(null);
        ctx.json(new HttpBodies.Tasks(queue.resumeLeases(worker, lease)));
    }

    private void release(Context ctx) {
        String worker = worker(ctx);
        body.optional(ctx, HttpBodies.Empty.class);
        ctx.json(new HttpBodies.Released(queue.releaseLeases(worker)));
    }

    private static String worker(Context ctx) {
        return PathParams.text(ctx, "worker");
    }
}
