package dev.tide.server;

import dev.tide.api.BulkActions;
import dev.tide.api.BulkRequest;
import dev.tide.api.InvalidRequestException;
import dev.tide.api.TaskQueue;
import dev.tide.api.http.HttpBodies;
import dev.tide.api.http.Routes;
import io.javalin.config.RoutesConfig;
import io.javalin.http.Context;

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

    BulkRoutes(TaskQueue queue, JsonBody body) {
        this.queue = queue;
        this.body = body;
    }

    void addTo(RoutesConfig routes) {
        routes.post(Routes.BULK_MATCH, this::match, Access.SUBMITTER, Access.WORKER);
        routes.post(Routes.BULK_ACTIONS, this::start, Access.SUBMITTER);
        routes.get(Routes.BULK_ACTIONS, this::recent, Access.SUBMITTER, Access.WORKER);
        routes.get(
                Routes.BULK_ACTION, ctx -> ctx.json(of(ctx).get(PathParams.id(ctx))), Access.SUBMITTER, Access.WORKER);
        routes.post(Routes.BULK_CANCEL, this::cancel, Access.SUBMITTER);
    }

    private void match(Context ctx) {
        HttpBodies.BulkMatchRequest request = body.required(ctx, HttpBodies.BulkMatchRequest.class);
        if (request.filter() == null) {
            throw new InvalidRequestException("filter", "is required");
        }
        ctx.json(of(ctx).match(request.filter().query()));
    }

    /** 201 with the bulk action, running. */
    private void start(Context ctx) {
        BulkRequest request = body.required(ctx, HttpBodies.BulkStart.class).request();
        ctx.status(201).json(of(ctx).start(request));
    }

    private void recent(Context ctx) {
        ctx.json(new HttpBodies.BulkList(of(ctx).recent(limit(ctx))));
    }

    private void cancel(Context ctx) {
        long id = PathParams.id(ctx);
        body.optional(ctx, HttpBodies.Empty.class);
        ctx.json(of(ctx).cancel(id));
    }

    private CallerBulkActions of(Context ctx) {
        return new CallerBulkActions(queue, Authentication.required(ctx));
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
