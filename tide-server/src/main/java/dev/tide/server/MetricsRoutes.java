package dev.tide.server;

import dev.tide.api.http.Routes;
import io.javalin.config.RoutesConfig;
import io.javalin.http.Context;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;

/** {@code GET /metrics}: everything in the Prometheus registry, in the Prometheus text format, depths read fresh. */
final class MetricsRoutes {
    /** Prometheus' text exposition format, version 0.0.4 (what every Prometheus server scrapes). */
    static final String CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8";

    private final PrometheusMeterRegistry registry;
    private final QueueDepthGauges depths;

    MetricsRoutes(PrometheusMeterRegistry registry, QueueDepthGauges depths) {
        this.registry = registry;
        this.depths = depths;
    }

    void addTo(RoutesConfig routes) {
        routes.get(Routes.METRICS, this::scrape, Access.ADMIN);
    }

    private void scrape(Context ctx) {
        depths.refresh();
        ctx.contentType(CONTENT_TYPE).result(registry.scrape());
    }
}
