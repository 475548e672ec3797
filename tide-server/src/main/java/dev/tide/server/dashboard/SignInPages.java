package dev.tide.server.dashboard;

import dev.tide.server.SignInRefusedException;
import io.javalin.http.Context;
import io.javalin.http.HttpStatus;
import java.util.HashMap;
import java.util.Map;

/** The sign-in form (user and password, or a token), and signing out. */
final class SignInPages {
    private final Sessions sessions;
    private final Renderer renderer;
    private final DashboardSettings settings;

    SignInPages(Sessions sessions, Renderer renderer, DashboardSettings settings) {
        this.sessions = sessions;
        this.renderer = renderer;
        this.settings = settings;
    }

    void addTo(PageRoutes pages) {
        pages.openGet("/sign-in", ctx -> form(ctx, null, 200));
        pages.openPost("/sign-in", this::signIn);
        pages.post("/sign-out", page -> {
            sessions.signOut(page.ctx());
            page.ctx().redirect(settings.basePath() + "/sign-in", HttpStatus.SEE_OTHER);
        });
    }

    private void signIn(Context ctx) {
        if (!sessions.signsIn()) {
            ctx.redirect(settings.basePath(), HttpStatus.SEE_OTHER);
            return;
        }
        if (!sameOrigin(ctx)) {
            throw new dev.tide.api.auth.ForbiddenException(
                    "sign-in came from another site's page: sign in from the dashboard's own page");
        }
        try {
            sessions.signIn(ctx, ctx.formParam("user"), ctx.formParam("password"), ctx.formParam("token"));
        } catch (dev.tide.api.auth.AuthenticationException e) {
            form(ctx, "Sign-in failed: " + e.getMessage(), 401);
            return;
        } catch (SignInRefusedException e) {
            ctx.header("Retry-After", String.valueOf(e.retryAfterSeconds()));
            form(ctx, "Sign-in failed: " + e.getMessage(), e.httpStatus());
            return;
        }
        ctx.redirect(next(ctx.formParam("next")), HttpStatus.SEE_OTHER);
    }

    private void form(Context ctx, String error, int status) {
        Map<String, Object> params = new HashMap<>();
        params.put("viewer", Viewer.anonymous(settings.basePath()));
        params.put("error", error);
        params.put("next", next(ctx.queryParam("next") != null ? ctx.queryParam("next") : ctx.formParam("next")));
        params.put("signsIn", sessions.signsIn());
        ctx.status(status).html(renderer.render("sign-in.jte", params));
    }

    /**
     * A sign-in form has no session to carry a CSRF token yet, so its Origin is checked instead (browsers send it
     * with every form post): another site's page must not sign a visitor in under an account of its choosing.
     */
    private static boolean sameOrigin(Context ctx) {
        String origin = ctx.header("Origin");
        if (origin == null || origin.equals("null")) {
            return origin == null;
        }
        // behind a reverse proxy that rewrites Host, the host the browser used is in X-Forwarded-Host (a form of
        // another site cannot set either header)
        String forwarded = ctx.header("X-Forwarded-Host");
        String host = forwarded != null ? forwarded.split(",")[0].strip() : ctx.header("Host");
        try {
            java.net.URI uri = java.net.URI.create(origin);
            String authority = uri.getPort() < 0 ? uri.getHost() : uri.getHost() + ":" + uri.getPort();
            return host != null && authority != null && authority.equalsIgnoreCase(host);
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    /** Where to go after sign-in: a page of the dashboard only, never another site (an open redirect). */
    private String next(String wanted) {
        String base = settings.basePath();
        if (wanted == null
                || !(wanted.equals(base) || wanted.startsWith(base + "/") || wanted.startsWith(base + "?"))
                || wanted.contains("//")
                || wanted.contains("..")
                || wanted.contains("\\")
                || wanted.startsWith(base + "/sign-")) {
            return base;
        }
        return wanted;
    }
}
