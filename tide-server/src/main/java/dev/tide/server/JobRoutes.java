package dev.tide.server;

import dev.tide.api.NewJob;
import dev.tide.api.TaskQueue;
import dev.tide.api.http.HttpBodies;
import dev.tide.api.http.Routes;
import io.javalin.config.RoutesConfig;
import io.javalin.http.Context;

/** Jobs: create one with its first tasks, list them, read, cancel, and replace its info JSON. */
final class JobRoutes {
    private final TaskQueue queue;
    private final JsonBody body;
    private final TenantScope tenants;

    JobRoutes(TaskQueue queue, JsonBody body) {
        this.queue = queue;
        this.body = body;
        this.tenants = new TenantScope(queue);
    }

    void addTo(RoutesConfig routes) {
        routes.post(
                Routes.JOBS,
                ctx -> ctx.status(201).json(queue.createJob(tenants.own(ctx, body.required(ctx, NewJob.class)))),
                Access.SUBMITTER);
        routes.get(
                Routes.JOBS,
                ctx -> ctx.json(queue.jobs(tenants.own(ctx, JobQueryParams.parse(ctx)))),
                Access.SUBMITTER,
                Access.WORKER);
        routes.get(Routes.JOB, ctx -> ctx.json(tenants.job(ctx, PathParams.id(ctx))), Access.SUBMITTER, Access.WORKER);
        routes.post(Routes.JOB_CANCEL, this::cancel, Access.SUBMITTER);
        routes.put(Routes.JOB_INFO, this::updateInfo, Access.SUBMITTER, Access.WORKER);
    }

    private void cancel(Context ctx) {
        long id = tenants.jobId(ctx, PathParams.id(ctx));
        String reason = body.optional(ctx, HttpBodies.Reason.class)
                .map(HttpBodies.Reason::reason)
                .orElse(null);
        ctx.json(queue.cancelJob(id, reason));
    }

    /**
     * The whole body is the new info, any JSON value ({@code null} clears it); the engine checks that it is JSON and
     * within the payload cap, and names it {@code info} when not.
     */
    private void updateInfo(Context ctx) {
        long id = tenants.jobId(ctx, PathParams.id(ctx));
        String text = body.text(ctx);
        ctx.json(queue.updateJobInfo(id, text.strip().equals("null") ? null : text));
    }
}
