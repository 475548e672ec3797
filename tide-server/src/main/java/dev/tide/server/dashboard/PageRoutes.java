package dev.tide.server.dashboard;

import dev.tide.api.Actor;
import dev.tide.api.TaskQueue;
import dev.tide.api.TideException;
import dev.tide.api.auth.AuthenticationException;
import dev.tide.api.auth.ForbiddenException;
import dev.tide.server.Access;
import dev.tide.server.SignInRefusedException;
import io.javalin.config.RoutesConfig;
import io.javalin.http.Context;
import io.javalin.http.HttpStatus;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Registers the dashboard's pages and what stands before each: the security headers, the session (a page asked for
 * without one goes to sign-in, and comes back after), the CSRF token of every change, the actor of the event log, and
 * failures shown as a page (with the status the API would answer: 400, 403, 404, 409).
 */
final class PageRoutes {
    private static final Logger log = LoggerFactory.getLogger(PageRoutes.class);

    /** What a page does once its request is known to be allowed. */
    @FunctionalInterface
    interface Handler {
        void handle(PageContext page) throws Exception;
    }

    private final RoutesConfig routes;
    private final TaskQueue queue;
    private final Sessions sessions;
    private final Renderer renderer;
    private final DashboardSettings settings;
    private final ManagedObjects managed;

    PageRoutes(
            RoutesConfig routes,
            TaskQueue queue,
            Sessions sessions,
            Renderer renderer,
            DashboardSettings settings,
            ManagedObjects managed) {
        this.managed = managed;
        this.routes = routes;
        this.queue = queue;
        this.sessions = sessions;
        this.renderer = renderer;
        this.settings = settings;
    }

    /** A page that shows something; {@code path} is relative to the base path. */
    void get(String path, Handler handler) {
        routes.get(settings.basePath() + path, ctx -> serve(ctx, handler, false), Access.DASHBOARD);
    }

    /** A change: only with the session's CSRF token. */
    void post(String path, Handler handler) {
        routes.post(settings.basePath() + path, ctx -> serve(ctx, handler, true), Access.DASHBOARD);
    }

    /** A page that needs no session (sign-in, assets); failures are still shown as a page. */
    void openGet(String path, io.javalin.http.Handler handler) {
        routes.get(settings.basePath() + path, unsigned(handler), Access.DASHBOARD);
    }

    /** A form that needs no session (sign-in). */
    void openPost(String path, io.javalin.http.Handler handler) {
        routes.post(settings.basePath() + path, unsigned(handler), Access.DASHBOARD);
    }

    private io.javalin.http.Handler unsigned(io.javalin.http.Handler handler) {
        return ctx -> {
            SecurityHeaders.apply(ctx);
            try {
                handler.handle(ctx);
            } catch (TideException e) {
                failure(ctx, null, e);
            }
        };
    }

    @SuppressWarnings("try") // the Actor.Scope names who acts inside it; never read
    private void serve(Context ctx, Handler handler, boolean change) throws Exception {
        SecurityHeaders.apply(ctx);
        Session session = sessions.current(ctx).orElse(null);
        if (session == null) {
            toSignIn(ctx, change);
            return;
        }
        Viewer viewer = new Viewer(
                session.caller(),
                session.csrfToken(),
                settings.basePath(),
                session.signedInHere(),
                notice(ctx),
                managed);
        if (change && !Csrf.matches(sessionKey(ctx), csrfOf(ctx))) {
            failure(
                    ctx,
                    viewer,
                    new ForbiddenException("this form has expired or did not come from the dashboard: reload the page "
                            + "and try again"));
            return;
        }
        try (Actor.Scope actor = Actor.enter(session.caller().user() + " (dashboard)")) {
            handler.handle(new PageContext(ctx, new CallerView(queue, session.caller()), viewer, renderer));
        } catch (TideException e) {
            failure(ctx, viewer, e);
        } catch (RuntimeException e) {
            log.warn("dashboard {} {} failed", ctx.method(), ctx.path(), e);
            failure(ctx, viewer, null);
        }
    }

    /** The cookie value the CSRF token is made from (the authenticator's mode sets one on the first request). */
    private static String sessionKey(Context ctx) {
        String cookie = ctx.cookie(Sessions.COOKIE);
        return cookie == null ? "" : cookie;
    }

    private static String csrfOf(Context ctx) {
        String header = ctx.header(Csrf.HEADER);
        return header != null ? header : ctx.formParam(Csrf.FIELD);
    }

    /** A page goes to sign-in and back; a change or a script's request is answered 401 (htmx follows HX-Redirect). */
    private void toSignIn(Context ctx, boolean change) {
        if (!sessions.signsIn()) {
            failure(ctx, null, new AuthenticationException("the application did not sign this request in"));
            return;
        }
        String back = ctx.path() + (ctx.queryString() == null ? "" : "?" + ctx.queryString());
        String signIn = settings.basePath() + "/sign-in" + Urls.query("next", back);
        if (change || ctx.header("HX-Request") != null) {
            ctx.header("HX-Redirect", signIn);
            failure(ctx, null, new AuthenticationException("sign in first"));
            return;
        }
        ctx.redirect(signIn, HttpStatus.SEE_OTHER);
    }

    private static String notice(Context ctx) {
        String notice = ctx.queryParam("notice");
        return notice == null || notice.isBlank() || notice.length() > 200 ? null : notice;
    }

    /** The error page, with the status the API answers for the same failure (500 for the unexpected). */
    void failure(Context ctx, Viewer viewer, TideException e) {
        int status = e == null ? 500 : e.httpStatus();
        if (e instanceof SignInRefusedException refused) {
            ctx.header("Retry-After", String.valueOf(refused.retryAfterSeconds()));
        }
        String message = e == null ? "the dashboard failed; the server's log says why" : e.getMessage();
        ctx.status(status)
                .html(renderer.render(
                        "error.jte",
                        Map.of(
                                "viewer",
                                viewer == null ? Viewer.anonymous(settings.basePath()) : viewer,
                                "status",
                                status,
                                "message",
                                message)));
    }
}
