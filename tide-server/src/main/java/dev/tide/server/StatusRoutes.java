package dev.tide.server;

import dev.tide.api.TaskQueue;
import dev.tide.api.http.HttpBodies;
import dev.tide.api.http.Routes;
import dev.tide.core.Tide;
import io.javalin.config.RoutesConfig;
import io.javalin.http.Context;

/**
 * The health check for load balancers ({@code /healthz}, liveness), the readiness check ({@code /readyz}), the status
 * report, the nodes of the service, and suspending or resuming dispatch server-wide.
 *
 * <p>The nodes ({@code GET /v1/nodes}) are for workers and administrators, like the processors they show: host names,
 * versions and uptimes are operational knowledge that a submitter has no use for, and that helps an attacker aim.
 */
final class StatusRoutes {
    private final TaskQueue queue;
    private final Lifecycle lifecycle;
    private final Readiness readiness;

    StatusRoutes(TaskQueue queue, Lifecycle lifecycle) {
        this.queue = queue;
        this.lifecycle = lifecycle;
        this.readiness = new Readiness(queue, lifecycle);
    }

    void addTo(RoutesConfig routes) {
        routes.get(Routes.HEALTH, this::health, Access.PUBLIC);
        routes.get(Routes.READY, this::ready, Access.PUBLIC);
        routes.get(Routes.STATUS, ctx -> ctx.json(queue.monitoring().status()), Access.ADMIN);
        routes.get(
                Routes.NODES,
                ctx -> ctx.json(new HttpBodies.Nodes(queue.monitoring().nodes())),
                Access.WORKER,
                Access.ADMIN);
        routes.post(Routes.SUSPEND, ctx -> ctx.json(queue.queues().suspendAll()), Access.ADMIN);
        routes.post(Routes.RESUME, ctx -> ctx.json(queue.queues().resumeAll()), Access.ADMIN);
    }

    /** 200 {@code ok} while serving; 503 {@code stopping} from the moment a stop begins, so traffic drains away. */
    private void health(Context ctx) {
        String node = queue instanceof Tide tide ? tide.config().nodeName() : null;
        Boolean leader = queue instanceof Tide tide ? tide.passes().isMaintenanceLeader() : null;
        if (lifecycle.isStopping()) {
            ctx.status(503).json(new HttpBodies.Health("stopping", node, leader));
        } else {
            ctx.json(new HttpBodies.Health("ok", node, leader));
        }
    }

    /** 200 {@code ready}; 503 {@code unready} with a reason while stopping or when the store does not answer. */
    private void ready(Context ctx) {
        Readiness.Answer answer = readiness.check();
        ctx.status(answer.ready() ? 200 : 503).json(answer);
    }
}
