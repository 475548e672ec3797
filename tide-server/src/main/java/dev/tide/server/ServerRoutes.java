package dev.tide.server;

import io.javalin.config.RoutesConfig;

/**
 * Routes a server serves beside its API, such as the web dashboard ({@code Dashboard.mount}): added with
 * {@link TideServer.Builder#routes}, given the server's own services so that they sign people in with the same
 * accounts and throttle. Their routes carry {@link Access#DASHBOARD} (or another access), like the API's.
 */
@FunctionalInterface
public interface ServerRoutes {
    void addTo(RoutesConfig routes, ServerServices services);
}
