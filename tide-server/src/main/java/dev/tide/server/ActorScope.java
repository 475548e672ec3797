package dev.tide.server;

import dev.tide.api.Actor;
import io.javalin.config.RoutesConfig;
import io.javalin.http.Context;

/**
 * Names each request's {@link Actor} from its {@link Actor#HEADER} header for the time the request is handled, so
 * that the event log records who suspended a queue or cancelled a task. What the client says, not an authenticated
 * identity.
 */
final class ActorScope {
    private static final String ATTRIBUTE = "tide.actor";

    void addTo(RoutesConfig routes) {
        routes.before(ctx -> ctx.attribute(ATTRIBUTE, Actor.enter(ctx.header(Actor.HEADER))));
        routes.after(ActorScope::leave);
    }

    private static void leave(Context ctx) {
        Actor.Scope scope = ctx.attribute(ATTRIBUTE);
        if (scope != null) {
            scope.close();
        }
    }
}
