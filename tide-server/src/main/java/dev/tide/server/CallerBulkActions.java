package dev.tide.server;

import dev.tide.api.BulkAction;
import dev.tide.api.BulkActions;
import dev.tide.api.BulkInfo;
import dev.tide.api.BulkMatch;
import dev.tide.api.BulkRequest;
import dev.tide.api.NotFoundException;
import dev.tide.api.TaskQueue;
import dev.tide.api.auth.Caller;
import dev.tide.api.auth.ForbiddenException;
import dev.tide.core.EmbeddedBulkActions;
import java.util.List;
import java.util.Objects;

/**
 * Bulk actions as one caller may use them, for the HTTP API and the dashboard alike: a caller confined to its own
 * tasks ({@link TenantScope}) counts and acts on its own only, and meets another user's bulk action as a missing one;
 * parking and unparking need an administrator, as the park and unpark routes do.
 */
public final class CallerBulkActions {
    private final TaskQueue queue;
    private final Caller caller;
    private final String tenant;

    public CallerBulkActions(TaskQueue queue, Caller caller) {
        this.queue = queue;
        this.caller = caller;
        this.tenant = TenantScope.tenantOf(caller);
    }

    public BulkMatch match(dev.tide.api.TaskQuery filter) {
        dev.tide.api.TaskQuery own = TenantScope.own(tenant, filter);
        return tenant == null ? queue.bulk().match(own) : confined().match(own, tenant);
    }

    public BulkInfo start(BulkRequest request) {
        if ((request.action() == BulkAction.PARK || request.action() == BulkAction.UNPARK) && !caller.isAdmin()) {
            throw new ForbiddenException("action: user '" + caller.user() + "' may not "
                    + request.action().wireName() + " tasks; parking is for administrators");
        }
        if (tenant == null) {
            return queue.bulk().start(request);
        }
        BulkRequest own = request.filter() == null
                ? request
                : new BulkRequest(
                        request.action(),
                        TenantScope.own(tenant, request.filter()),
                        request.taskIds(),
                        request.upToTaskId(),
                        request.reason());
        return confined().start(own, tenant);
    }

    public List<BulkInfo> recent(int limit) {
        return tenant == null ? queue.bulk().recent(limit) : confined().recent(limit, tenant);
    }

    public BulkInfo get(long id) {
        BulkInfo info = queue.bulk().get(id);
        if (tenant != null && !Objects.equals(tenant, info.owner())) {
            throw new NotFoundException("bulk action " + id);
        }
        return info;
    }

    public BulkInfo cancel(long id) {
        return tenant == null ? queue.bulk().cancel(id) : confined().cancel(id, tenant);
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
}
