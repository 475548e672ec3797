package dev.tide.server;

import dev.tide.api.auth.AccountWorkers;
import dev.tide.api.http.HttpBodies;
import dev.tide.api.http.Routes;
import io.javalin.config.RoutesConfig;
import io.javalin.http.Context;
import java.time.Duration;

/**
 * A worker's leases by name: list them, take them up again after a restart, or give them all back. Each acts on the
 * leases the caller claimed under that name ({@link WorkerNames}): another account's worker name answers as a name
 * nobody used.
 */
final class WorkerRoutes {
    private final AccountWorkers workers;
    private final JsonBody body;

    WorkerRoutes(AccountWorkers workers, JsonBody body) {
        this.workers = workers;
        this.body = body;
    }

    void addTo(RoutesConfig routes) {
        routes.get(
                Routes.WORKER_LEASES,
                ctx -> ctx.json(new HttpBodies.Tasks(workers.leases(WorkerNames.account(ctx), worker(ctx)))),
                Access.WORKER);
        routes.post(Routes.WORKER_RESUME, this::resume, Access.WORKER);
        routes.post(Routes.WORKER_RELEASE, this::release, Access.WORKER);
    }

    private void resume(Context ctx) {
        String worker = worker(ctx);
        Duration lease = body.optional(ctx, HttpBodies.Resume.class)
                .map(HttpBodies.Resume::leaseDuration)
                .orElse(null);
        ctx.json(new HttpBodies.Tasks(workers.resumeLeases(WorkerNames.account(ctx), worker, lease)));
    }

    private void release(Context ctx) {
        String worker = worker(ctx);
        body.optional(ctx, HttpBodies.Empty.class);
        ctx.json(new HttpBodies.Released(workers.releaseLeases(WorkerNames.account(ctx), worker)));
    }

    private static String worker(Context ctx) {
        return PathParams.text(ctx, "worker");
    }
}
