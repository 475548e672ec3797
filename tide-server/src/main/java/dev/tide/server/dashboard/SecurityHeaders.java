package dev.tide.server.dashboard;

import io.javalin.http.Context;

/**
 * The headers every dashboard response carries. Scripts come only from the dashboard's own assets (no inline script,
 * no eval: htmx is configured without it), nothing may frame the pages, nothing is sniffed into another type, and no
 * page is kept by shared caches (pages show tasks and payloads).
 */
final class SecurityHeaders {
    static final String POLICY = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
            + "connect-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'; object-src 'none'";

    private SecurityHeaders() {}

    static void apply(Context ctx) {
        ctx.header("Content-Security-Policy", POLICY);
        ctx.header("X-Content-Type-Options", "nosniff");
        ctx.header("X-Frame-Options", "DENY");
        ctx.header("Referrer-Policy", "same-origin");
        ctx.header("Cache-Control", "no-store");
    }
}
