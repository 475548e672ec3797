package dev.tide.server;

import dev.tide.api.PendingLimitException;
import dev.tide.api.SubmitRateException;
import dev.tide.api.TideException;
import dev.tide.api.auth.AuthenticationException;
import io.javalin.config.RoutesConfig;
import io.javalin.http.Context;
import io.javalin.http.Header;
import io.javalin.http.HttpResponseException;
import io.javalin.http.HttpStatus;
import java.util.Map;
import org.eclipse.jetty.http.HttpException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Answers every failure with a JSON {@link ErrorBody}: Tide's own exceptions with their status and code, Javalin's
 * routing answers (404 unknown route, 405 wrong method) in the same shape, and anything unexpected as a 500 whose
 * details stay in the log.
 */
final class ErrorMapper {
    private static final Logger log = LoggerFactory.getLogger(ErrorMapper.class);

    void addTo(RoutesConfig routes) {
        routes.exception(TideException.class, this::tide);
        routes.exception(HttpResponseException.class, this::routing);
        routes.exception(HttpException.RuntimeException.class, this::jetty);
        routes.exception(Exception.class, this::unexpected);
    }

    private void tide(TideException e, Context ctx) {
        UnreadBody.drain(ctx);
        if (e.httpStatus() >= 500) {
            log.warn("{} {} failed: {}", ctx.method(), ctx.path(), e.toString(), e.getCause());
        }
        if (e instanceof AuthenticationException) {
            ctx.header(Header.WWW_AUTHENTICATE, "Bearer realm=\"tide\"");
        }
        if (e instanceof PendingLimitException) {
            ctx.header("Retry-After", String.valueOf(PendingLimitException.RETRY_AFTER_SECONDS));
        }
        if (e instanceof SubmitRateException rate) {
            ctx.header("Retry-After", String.valueOf(rate.retryAfterSeconds()));
        }
        if (e instanceof SignInRefusedException refused) {
            ctx.header("Retry-After", String.valueOf(refused.retryAfterSeconds()));
        }
        ctx.status(e.httpStatus()).json(ErrorBody.of(e));
    }

    private void routing(HttpResponseException e, Context ctx) {
        UnreadBody.drain(ctx);
        int status = e.getStatus();
        String message = switch (status) {
            case 404 -> "route " + ctx.method() + " " + ctx.path() + " not found";
            case 405 -> allowMethods(ctx, e.getDetails());
            default -> e.getMessage();
        };
        ctx.status(status).json(ErrorBody.of(codeOf(status), message));
    }

    /** Jetty refusing a request while a route reads it: a body trickled below the minimum rate (408), say. */
    private void jetty(HttpException.RuntimeException e, Context ctx) {
        int status = e.getCode();
        String message = status == 408
                ? "body: arrived too slowly (" + e.getReason() + "); send it whole, at once"
                : "the request was refused: " + e.getReason();
        if (status == 408) {
            // the client is too slow to keep; any other refusal leaves its body to be drained, so that the client,
            // still sending it, reads the answer instead of a reset connection
            ctx.header(Header.CONNECTION, "close");
        }
        ctx.status(status).json(ErrorBody.of(codeOf(status), message));
    }

    private static String allowMethods(Context ctx, Map<String, String> details) {
        String allowed = String.join(", ", details.values());
        if (!allowed.isEmpty()) {
            ctx.header("Allow", allowed);
        }
        return ctx.method() + " is not allowed on " + ctx.path() + "; use " + allowed;
    }

    /** The {@link ErrorBody#error} code of an HTTP status the server answers without a {@link TideException} of its own. */
    static String codeOf(int status) {
        return switch (status) {
            case 400 -> "invalid_request";
            case 401 -> "unauthenticated";
            case 403 -> "forbidden";
            case 404 -> "not_found";
            case 405 -> "method_not_allowed";
            case 413 -> "payload_too_large";
            case 429 -> "too_many_requests";
            case 500 -> "internal";
            case 503 -> "unavailable";
            default -> HttpStatus.forStatus(status).name().toLowerCase(java.util.Locale.ROOT);
        };
    }

    private void unexpected(Exception e, Context ctx) {
        UnreadBody.drain(ctx);
        log.error("{} {} failed unexpectedly", ctx.method(), ctx.path(), e);
        ctx.status(500).json(ErrorBody.of("internal", "internal server error; the server log has the details"));
    }
}
