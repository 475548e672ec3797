package dev.tide.client;

import dev.tide.api.EventQuery;
import dev.tide.api.HourlyStats;
import dev.tide.api.InvalidRequestException;
import dev.tide.api.Monitoring;
import dev.tide.api.NodeInfo;
import dev.tide.api.StatsQuery;
import dev.tide.api.StatusReport;
import dev.tide.api.TideEvent;
import dev.tide.api.http.HttpBodies;
import dev.tide.api.http.Routes;
import java.util.List;

/** {@link Monitoring} over the HTTP API: what {@link TideClient#monitoring()} answers with. */
final class RemoteMonitoring implements Monitoring {
    private final JsonHttp http;

    RemoteMonitoring(JsonHttp http) {
        this.http = http;
    }

    @Override
    public StatusReport status() {
        return http.call("GET", Routes.path(Routes.STATUS), null, StatusReport.class);
    }

    @Override
    public List<TideEvent> events(EventQuery query) {
        String params = QueryString.of(query == null ? EventQuery.recent() : query);
        return http.call("GET", Routes.path(Routes.EVENTS) + params, null, HttpBodies.Events.class)
                .events();
    }

    @Override
    public List<HourlyStats> stats(StatsQuery query) {
        if (query == null) {
            throw new InvalidRequestException("query", "is required");
        }
        return http.call("GET", Routes.path(Routes.STATS) + QueryString.of(query), null, HttpBodies.Stats.class)
                .hours();
    }

    @Override
    public List<NodeInfo> nodes() {
        return http.call("GET", Routes.path(Routes.NODES), null, HttpBodies.Nodes.class)
                .nodes();
    }
}
