package dev.tide.server;

import dev.tide.api.http.Routes;
import io.javalin.config.RoutesConfig;
import io.javalin.http.ContentType;

/**
 * {@code GET /v1/openapi.json} and {@code /v1/openapi.yaml}: the OpenAPI document of this API ({@link ApiDocument}).
 * It is written by hand in {@code openapi.yaml} (tests hold it to the routes the server registers and to real
 * answers).
 */
final class OpenApiRoutes {
    static final String RESOURCE = ApiDocument.RESOURCE;

    void addTo(RoutesConfig routes) {
        routes.get(
                Routes.OPENAPI_JSON,
                ctx -> ctx.contentType(ContentType.APPLICATION_JSON).result(ApiDocument.json()),
                Access.PUBLIC);
        routes.get(
                Routes.OPENAPI_YAML,
                ctx -> ctx.contentType("application/yaml; charset=utf-8").result(ApiDocument.yaml()),
                Access.PUBLIC);
    }
}
