package dev.tide.server;

import dev.tide.api.InvalidRequestException;
import io.javalin.http.Context;

/** Values taken from the request path, refused with a 400 naming the parameter when malformed. */
final class PathParams {
    private PathParams() {}

    /** A task or job id: a positive whole number. */
    static long id(Context ctx) {
        String text = ctx.pathParam("id");
        try {
            long id = Long.parseLong(text);
            if (id > 0) {
                return id;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new InvalidRequestException("id", "'" + text + "' is not a positive whole number");
    }

    /** A name segment (worker, task type, job type); the engine checks its content. */
    static String text(Context ctx, String name) {
        String value = ctx.pathParam(name);
        if (value.isEmpty()) {
            throw new InvalidRequestException(name, "is required");
        }
        return value;
    }
}
