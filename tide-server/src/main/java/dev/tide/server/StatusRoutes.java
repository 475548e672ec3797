package dev.tide.server;

import dev.tide.api.TaskQueue;
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
        if (lifecycle.isStopping()) {
            ctx.status(503).json(new Bodies.Health("stopping"));
        } else {
            ctx.json(new Bodies.Health("ok"));
        }
    }
}
