package dev.tide.server;

import dev.tide.api.TaskQueue;
import dev.tide.api.http.HttpBodies;
import dev.tide.core.Tide;
import io.javalin.config.RoutesConfig;
import io.javalin.http.Context;

/** The health check for load balancers and the queue's status report. */
final class StatusRoutes {
    private final TaskQueue queue;
    private final Lifecycle lifecycle;

    StatusRoutes(TaskQueue queue, Lifecycle lifecycle) {
        this.queue = queue;
        this.lifecycle = lifecycle;
    }

    void addTo(RoutesConfig routes) {
        routes.get("/healthz", this::health);
        routes.get("/v1/status", ctx -> ctx.json(queue.status()));
    }

    /** 200 {@code ok} while serving; 503 {@code stopping} from the moment a stop begins, so traffic drains away. */
    private void health(Context ctx) {
        String node = queue instanceof Tide tide ? tide.config().nodeName() : null;
        Boolean leader = queue instanceof Tide tide ? tide.isMaintenanceLeader() : null;
        if (lifecycle.isStopping()) {
            ctx.status(503).json(new HttpBodies.Health("stopping", node, leader));
        } else {
            ctx.json(new HttpBodies.Health("ok", node, leader));
        }
    }
}
