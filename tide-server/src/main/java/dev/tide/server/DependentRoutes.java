package dev.tide.server;

import dev.tide.api.TaskQueue;
import dev.tide.api.auth.Owners;
import dev.tide.api.http.HttpBodies;
import dev.tide.api.http.Routes;
import io.javalin.config.RoutesConfig;
import io.javalin.http.Context;

/**
 * {@code GET /v1/tasks/{id}/dependents}: the tasks that waited on a task, the other direction of its {@code dependsOn}.
 * A submitter confined to its own ({@link TenantScope}) meets another user's task as a missing one (404, by
 * {@link Ownership} before the route and again here), and sees only the dependents it owns: another user may have made
 * a task of its own wait on this one.
 */
final class DependentRoutes {
    private final TaskQueue queue;
    private final Owners owners;
    private final TenantScope tenants;

    DependentRoutes(TaskQueue queue, Owners owners) {
        this.queue = queue;
        this.owners = owners;
        this.tenants = new TenantScope(queue);
    }

    void addTo(RoutesConfig routes) {
        routes.get(Routes.TASK_DEPENDENTS, this::dependents, Access.SUBMITTER, Access.WORKER);
    }

    private void dependents(Context ctx) {
        long id = tenants.taskId(ctx, PathParams.id(ctx));
        String tenant = TenantScope.tenantOf(Authentication.required(ctx));
        ctx.json(new HttpBodies.Dependents(TenantScope.visibleTasks(owners, tenant, queue.dependents(id))));
    }
}
