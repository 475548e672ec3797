package dev.tide.server;

import io.javalin.config.RoutesConfig;
import io.javalin.http.Context;
import java.io.IOException;
import java.io.InputStream;

/**
 * Reads and drops what is left of a small request body before an error is answered, and the body of a GET or HEAD
 * (which no route reads) before any answer. A route refused before it read the body (an unknown query parameter, no
 * token) leaves bytes unread; Jetty then closes the connection, and closing a socket with unread input resets it, so
 * that a client may lose the answer (a large one, like the OpenAPI document, while still reading it) and see only a
 * broken connection. A body over {@link #LIMIT} is left alone: its connection closes, as before.
 */
final class UnreadBody {
    static final long LIMIT = 64 * 1024;

    private UnreadBody() {}

    /** Drains the body of every GET and HEAD, before its route runs. */
    static void addTo(RoutesConfig routes) {
        routes.before(ctx -> {
            String method = ctx.req().getMethod();
            if (method.equals("GET") || method.equals("HEAD")) {
                drain(ctx);
            }
        });
    }

    static void drain(Context ctx) {
        long declared = ctx.req().getContentLengthLong();
        if (declared <= 0 || declared > LIMIT) {
            return;
        }
        try {
            InputStream in = ctx.req().getInputStream();
            byte[] sink = new byte[8192];
            long left = declared;
            int read;
            while (left > 0 && (read = in.read(sink, 0, (int) Math.min(sink.length, left))) > 0) {
                left -= read;
            }
        } catch (IOException | RuntimeException e) {
            // already read, closed, or the client went away: nothing left to drain
        }
    }
}
