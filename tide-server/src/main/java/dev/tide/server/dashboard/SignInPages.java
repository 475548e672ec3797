package dev.tide.server.dashboard;

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
        pages.open("GET", "/sign-in", ctx -> form(ctx, null, 200));
        pages.open("POST", "/sign-in", this::signIn);
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
        try {
            sessions.signIn(ctx, ctx.formParam("user"), ctx.formParam("password"), ctx.formParam("token"));
        } catch (dev.tide.api.auth.AuthenticationException e) {
            form(ctx, "Sign-in failed: " + e.getMessage(), 401);
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

    /** Where to go after sign-in: a page of the dashboard only, never another site (an open redirect). */
    private String next(String wanted) {
        String base = settings.basePath();
        if (wanted == null
                || !(wanted.equals(base) || wanted.startsWith(base + "/") || wanted.startsWith(base + "?"))
                || wanted.contains("//")
                || wanted.contains("\\")
                || wanted.startsWith(base + "/sign-")) {
            return base;
        }
        return wanted;
    }
}
