package dev.tide.server;

import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http.HttpStatus;
import org.eclipse.jetty.io.Content;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.server.handler.GracefulHandler;
import org.eclipse.jetty.util.Callback;

/**
 * Jetty's graceful shutdown (requests in flight may finish, new ones are refused with 503), with the refusal written
 * as Tide's JSON error so that clients see one shape for every answer. A request arriving in the instant between this
 * check and the shutdown still gets the 503, in Jetty's own words.
 */
final class JsonGracefulHandler extends GracefulHandler {
    private static final String STOPPING = "{\"error\":\"unavailable\",\"message\":\"the Tide server is stopping\"}";

    @Override
    public boolean handle(Request request, Response response, Callback callback) throws Exception {
        if (isShutdown()) {
            response.setStatus(HttpStatus.SERVICE_UNAVAILABLE_503);
            response.getHeaders().put(HttpHeader.CONTENT_TYPE, "application/json");
            response.getHeaders().put(HttpHeader.CONNECTION, "close");
            Content.Sink.write(response, true, STOPPING, callback);
            return true;
        }
        return super.handle(request, response, callback);
    }
}
