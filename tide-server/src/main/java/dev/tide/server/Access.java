package dev.tide.server;

import dev.tide.api.auth.Caller;
import dev.tide.api.auth.Role;
import io.javalin.security.RouteRole;

/**
 * Who may call a route. Each route is registered with one or more; a caller gets in when it may act in any of them
 * ({@link Caller#may}). A route registered with none is refused to everyone: forgetting one fails closed.
 */
public enum Access implements RouteRole {
    /** No credentials: liveness and readiness probes, the API document, sign-in. */
    PUBLIC(null),
    /** Any signed-in user. */
    AUTHENTICATED(null),
    /**
     * A page or asset of the web dashboard, which signs its users in itself (a session cookie, CSRF tokens, its own
     * role checks): the API's bearer-token check, query-parameter check and id ownership check leave it alone.
     */
    DASHBOARD(null),
    SUBMITTER(Role.SUBMITTER),
    WORKER(Role.WORKER),
    ADMIN(Role.ADMIN);

    private final Role role;

    Access(Role role) {
        this.role = role;
    }

    /** Whether {@code caller} gets in by this access alone. */
    public boolean admits(Caller caller) {
        return role == null || caller.may(role);
    }

    /** The role it asks for; null for {@link #PUBLIC} and {@link #AUTHENTICATED}. */
    public Role role() {
        return role;
    }
}
