package dev.tide.server;

import dev.tide.api.InvalidRequestException;
import dev.tide.api.Lease;
import dev.tide.api.TaskQueue;
import dev.tide.api.http.HttpBodies;
import dev.tide.api.http.Routes;
import io.javalin.config.RoutesConfig;
import io.javalin.http.Context;

/** Keeping leases: one task's (409 {@code lease_lost} when gone), or many at once (the lost ones are left out). */
final class HeartbeatRoutes {
    private final TaskQueue queue;
    private final JsonBody body;

    HeartbeatRoutes(TaskQueue queue, JsonBody body) {
        this.queue = queue;
        this.body = body;
    }

    void addTo(RoutesConfig routes) {
        routes.post(Routes.TASK_HEARTBEAT, this::heartbeat, Access.WORKER);
        routes.post(Routes.HEARTBEATS, this::heartbeats, Access.WORKER);
    }

    private void heartbeat(Context ctx) {
        long id = PathParams.id(ctx);
        HttpBodies.Heartbeat beat = body.required(ctx, HttpBodies.Heartbeat.class);
        ctx.json(queue.heartbeat(new Lease(id, null, beat.token(), null, null), beat.extension()));
    }

    private void heartbeats(Context ctx) {
        HttpBodies.Heartbeats beats = body.required(ctx, HttpBodies.Heartbeats.class);
        if (beats.leases() == null) {
            throw new InvalidRequestException("leases", "is required");
        }
        ctx.json(new HttpBodies.Leases(queue.heartbeat(beats.leases(), beats.extension())));
    }
}
