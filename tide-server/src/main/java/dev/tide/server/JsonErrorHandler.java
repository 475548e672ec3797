package dev.tide.server;

import com.fasterxml.jackson.core.JsonProcessingException;
import dev.tide.api.json.Json;
import java.nio.ByteBuffer;
import org.eclipse.jetty.http.HttpException;
import org.eclipse.jetty.http.HttpField;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.server.handler.ErrorHandler;
import org.eclipse.jetty.util.Callback;

/**
 * Jetty's answer to requests it refuses before any route sees them (a path with bad percent-encoding or a control
 * character, a request line or headers over {@link RequestLimits}, a malformed header line, an unknown HTTP version),
 * and to anything else that fails outside Javalin: Tide's JSON {@link ErrorBody} with Jetty's status, where Jetty
 * would write an HTML page. Every error a client sees thus has one shape, whichever layer refused it.
 */
final class JsonErrorHandler extends ErrorHandler {
    private static final HttpField JSON = new HttpField(HttpHeader.CONTENT_TYPE, "application/json");

    private final RequestLimits limits;

    JsonErrorHandler(RequestLimits limits) {
        this.limits = limits;
    }

    /** Every method gets a body (Jetty writes none for PUT or DELETE); for HEAD, Jetty leaves it out by itself. */
    @Override
    public boolean errorPageForMethod(String method) {
        return true;
    }

    @Override
    protected void generateResponse(
            Request request, Response response, int code, String message, Throwable cause, Callback callback) {
        response.getHeaders().put(JSON);
        response.write(true, body(code, message, cause), callback);
    }

    private ByteBuffer body(int status, String reason, Throwable cause) {
        ErrorBody error = ErrorBody.of(ErrorMapper.codeOf(status), message(status, reason, cause));
        try {
            return ByteBuffer.wrap(Json.mapper().writeValueAsBytes(error));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("an error body is always JSON", e);
        }
    }

    /** What went wrong, in Jetty's words where they say more than the status line does. */
    private String message(int status, String reason, Throwable cause) {
        return switch (status) {
            case 408 -> "the request did not arrive in time: the server cuts clients that send too slowly";
            case 414 -> "the request line is over " + limits.headerBytes() + " bytes";
            case 431 -> "the request's headers are over " + limits.headerBytes() + " bytes";
            case 400 ->
                "the request is malformed: "
                        + detail(
                                reason,
                                cause,
                                "its request line or headers could not be read (a path with bad percent-encoding, an encoded NUL or a '..' segment is refused so)");
            default -> detail(reason, cause, "the request was refused");
        };
    }

    /**
     * Jetty's reason (from its {@link HttpException}, without the status number it prefixes) and what it found
     * beneath, when either says more than the bare status line.
     */
    private static String detail(String reason, Throwable cause, String fallback) {
        String said = cause instanceof HttpException http ? http.getReason() : reason;
        if (cause != null && cause.getCause() != null && cause.getCause().getMessage() != null) {
            said = (informative(said) ? said + ": " : "") + cause.getCause().getMessage();
        }
        return informative(said) ? said : fallback;
    }

    private static boolean informative(String said) {
        return said != null && !said.isBlank() && !said.equals("Bad Request");
    }
}
