package dev.tide.client;

import dev.tide.api.BulkActions;
import dev.tide.api.BulkInfo;
import dev.tide.api.BulkMatch;
import dev.tide.api.BulkRequest;
import dev.tide.api.InvalidRequestException;
import dev.tide.api.TaskQuery;
import dev.tide.api.http.HttpBodies;
import dev.tide.api.http.Routes;
import java.util.List;

/** {@link BulkActions} over the HTTP API: what {@link TideClient#bulk()} answers with. */
final class RemoteBulkActions implements BulkActions {
    private final JsonHttp http;

    RemoteBulkActions(JsonHttp http) {
        this.http = http;
    }

    @Override
    public BulkMatch match(TaskQuery filter) {
        if (filter == null) {
            throw new InvalidRequestException("filter", "is required");
        }
        return http.call(
                "POST",
                Routes.path(Routes.BULK_MATCH),
                new HttpBodies.BulkMatchRequest(HttpBodies.TaskFilter.of(filter)),
                BulkMatch.class);
    }

    @Override
    public BulkInfo start(BulkRequest request) {
        if (request == null) {
            throw new InvalidRequestException("request", "is required");
        }
        return http.call("POST", Routes.path(Routes.BULK_ACTIONS), HttpBodies.BulkStart.of(request), BulkInfo.class);
    }

    @Override
    public BulkInfo get(long id) {
        return http.call("GET", Routes.path(Routes.BULK_ACTION, id), null, BulkInfo.class);
    }

    @Override
    public List<BulkInfo> recent(int limit) {
        if (limit < 1 || limit > MAX_RECENT) {
            throw new InvalidRequestException("limit", "must be between 1 and " + MAX_RECENT);
        }
        return http.call("GET", Routes.path(Routes.BULK_ACTIONS) + "?limit=" + limit, null, HttpBodies.BulkList.class)
                .bulkActions();
    }

    @Override
    public BulkInfo cancel(long id) {
        return http.call("POST", Routes.path(Routes.BULK_CANCEL, id), null, BulkInfo.class);
    }
}
