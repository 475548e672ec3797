package dev.tide.server;

import dev.tide.api.BulkAction;
import dev.tide.api.BulkActions;
import dev.tide.api.BulkInfo;
import dev.tide.api.BulkMatch;
import dev.tide.api.BulkRequest;
import dev.tide.api.InvalidRequestException;
import dev.tide.api.NotFoundException;
import dev.tide.api.TaskQuery;
import dev.tide.api.TaskQueue;
import dev.tide.api.auth.Caller;
import dev.tide.api.auth.ForbiddenException;
import dev.tide.api.http.HttpBodies;
import dev.tide.api.http.Routes;
import dev.tide.core.EmbeddedBulkActions;
import io.javalin.config.RoutesConfig;
import io.javalin.http.Context;
import java.util.List;
import java.util.Objects;

/**
 * Bulk actions: count a filter's tasks, start a retry, cancel, park or unpark of selected tasks or of all that match,
 * follow its progress, cancel it. A caller confined to its own tasks ({@link TenantScope}) counts and acts on its own
 * only, and another user's bulk action answers as a missing one (404); parking and unparking need an administrator,
 * as the park and unpark routes do. Workers read; changes need a submitter or an administrator.
 */
final class BulkRoutes {
    private static final int DEFAULT_RECENT = 50;

    private final TaskQueue queue;
    private final JsonBody body;
    private final TenantScope tenants;

    BulkRoutes(TaskQueue queue, JsonBody body) {
        this.queue = queue;
        this.body = body;
        this.tenants = new TenantScope(queue);
    }

    void addTo(RoutesConfig routes) {
        routes.post(Routes.BULK_MATCH, this::match, Access.SUBMITTER, Access.WORKER);
        routes.post(Routes.BULK_ACTIONS, this::start, Access.SUBMITTER);
        routes.get(Routes.BULK_ACTIONS, this::recent, Access.SUBMITTER, Access.WORKER);
        routes.get(Routes.BULK_ACTION, ctx -> ctx.json(get(ctx, PathParams.id(ctx))), Access.SUBMITTER, Access.WORKER);
        routes.post(Routes.BULK_CANCEL, this::cancel, Access.SUBMITTER);
    }

    private void match(Context ctx) {
        HttpBodies.BulkMatchRequest request = body.required(ctx, HttpBodies.BulkMatchRequest.class);
        if (request.filter() == null) {
            throw new InvalidRequestException("filter", "is required");
        }
        TaskQuery filter = tenants.own(ctx, request.filter().query());
        String tenant = tenant(ctx);
        BulkMatch match =
                tenant == null ? queue.bulk().match(filter) : confined().match(filter, tenant);
        ctx.json(match);
    }

    /** 201 with the bulk action, running. */
    private void start(Context ctx) {
        BulkRequest request = body.required(ctx, HttpBodies.BulkStart.class).request();
        Caller caller = Authentication.required(ctx);
        if ((request.action() == BulkAction.PARK || request.action() == BulkAction.UNPARK) && !caller.isAdmin()) {
            throw new ForbiddenException("action: user '" + caller.user() + "' may not "
                    + request.action().wireName() + " tasks; parking is for administrators");
        }
        String tenant = tenant(ctx);
        BulkInfo started;
        if (tenant == null) {
            started = queue.bulk().start(request);
        } else {
            if (request.filter() != null) {
                request = new BulkRequest(
                        request.action(),
                        tenants.own(ctx, request.filter()),
                        request.taskIds(),
                        request.upToTaskId(),
                        request.reason());
            }
            started = confined().start(request, tenant);
        }
        ctx.status(201).json(started);
    }

    private void recent(Context ctx) {
        int limit = limit(ctx);
        String tenant = tenant(ctx);
        List<BulkInfo> recent =
                tenant == null ? queue.bulk().recent(limit) : confined().recent(limit, tenant);
        ctx.json(new HttpBodies.BulkList(recent));
    }

    private void cancel(Context ctx) {
        long id = PathParams.id(ctx);
        body.optional(ctx, HttpBodies.Empty.class);
        String tenant = tenant(ctx);
        ctx.json(tenant == null ? queue.bulk().cancel(id) : confined().cancel(id, tenant));
    }

    private BulkInfo get(Context ctx, long id) {
        String tenant = tenant(ctx);
        BulkInfo info = queue.bulk().get(id);
        if (tenant != null && !Objects.equals(tenant, info.owner())) {
            throw new NotFoundException("bulk action " + id);
        }
        return info;
    }

    private static String tenant(Context ctx) {
        return TenantScope.tenantOf(Authentication.required(ctx));
    }

    /**
     * The engine's bulk actions, which confine one to an owner's tasks. A server in front of something else cannot
     * confine a submitter's bulk action in its store, so it refuses it.
     */
    private EmbeddedBulkActions confined() {
        BulkActions bulk = queue.bulk();
        if (bulk instanceof EmbeddedBulkActions embedded) {
            return embedded;
        }
        throw new ForbiddenException(
                "bulk actions of a user confined to its own tasks need the Tide engine in this server");
    }

    /** {@code ?limit=}, 1 to {@link BulkActions#MAX_RECENT}, else {@value #DEFAULT_RECENT}. */
    private static int limit(Context ctx) {
        String text = ctx.queryParam("limit");
        if (text == null) {
            return DEFAULT_RECENT;
        }
        try {
            int limit = Integer.parseInt(text);
            if (limit >= 1 && limit <= BulkActions.MAX_RECENT) {
                return limit;
            }
        } catch (NumberFormatException e) {
            // answered below
        }
        throw new InvalidRequestException(
                "limit", "'" + text + "' is not a whole number from 1 to " + BulkActions.MAX_RECENT);
    }
}
