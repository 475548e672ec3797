package dev.tide.server;

import dev.tide.api.Actor;
import dev.tide.api.auth.AuthenticationException;
import dev.tide.api.auth.Caller;
import dev.tide.api.auth.ForbiddenException;
import io.javalin.config.RoutesConfig;
import io.javalin.http.Context;
import io.javalin.http.Header;
import io.javalin.router.Endpoint;
import io.javalin.security.RouteRole;
import java.util.EnumSet;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Checks every matched request before its handler runs: the route's {@link Access}, the bearer token, the caller's
 * roles. The caller then names the request's {@link Actor} in the event log, with what the client says of itself
 * ({@link Actor#HEADER}) beside it, e.g. {@code admin (cli:ada)}.
 */
final class Authentication {
    private static final String CALLER = "tide.caller";
    private static final String ACTOR_SCOPE = "tide.actor";
    private static final String BEARER = "Bearer ";

    private final Authorization authorization;

    Authentication(Authorization authorization) {
        this.authorization = authorization;
    }

    void addTo(RoutesConfig routes) {
        routes.beforeMatched(this::check);
        routes.after(Authentication::leave);
    }

    /** The caller of a request that passed {@link #check}; empty on a {@link Access#PUBLIC} route. */
    static Optional<Caller> caller(Context ctx) {
        return Optional.ofNullable(ctx.attribute(CALLER));
    }

    /** The caller of a route that is not public. */
    static Caller required(Context ctx) {
        return caller(ctx).orElseThrow(() -> new IllegalStateException(ctx.path() + " is public: it has no caller"));
    }

    /** The bearer token a request presents, if any. */
    static Optional<String> token(Context ctx) {
        String header = ctx.header(Header.AUTHORIZATION);
        if (header == null || !header.regionMatches(true, 0, BEARER, 0, BEARER.length())) {
            return Optional.empty();
        }
        String token = header.substring(BEARER.length()).strip();
        return token.isEmpty() ? Optional.empty() : Optional.of(token);
    }

    /**
     * The route's path template ({@code /v1/tasks/{id}}), not the request's path: what the caller may not do, whichever
     * id it asked about. In a before-matched handler {@code ctx.endpoint()} is that handler's own ({@code *}).
     */
    private static String routePath(Context ctx) {
        Endpoint route = ctx.endpoints().matchedHttpEndpoint();
        return route == null ? ctx.path() : route.path;
    }

    private void check(Context ctx) {
        Set<Access> access = access(ctx.routeRoles());
        if (access.contains(Access.DASHBOARD)) {
            return;
        }
        if (access.contains(Access.PUBLIC)) {
            ctx.attribute(ACTOR_SCOPE, Actor.enter(ctx.header(Actor.HEADER)));
            return;
        }
        String token = token(ctx)
                .orElseThrow(() -> new AuthenticationException(
                        "Authorization: this route needs a bearer token ('Authorization: Bearer <token>')"));
        Caller caller = authorization
                .authenticate(token)
                .orElseThrow(() -> new AuthenticationException(
                        "Authorization: the token is unknown, revoked or expired, or its user is disabled"));
        if (access.isEmpty() || !authorization.permits(caller, access)) {
            throw new ForbiddenException("user '" + caller.user() + "' " + roles(caller) + " may not " + ctx.method()
                    + " " + routePath(ctx) + ": it needs " + needs(access));
        }
        ctx.attribute(CALLER, caller);
        ctx.attribute(ACTOR_SCOPE, Actor.enter(actor(caller, ctx.header(Actor.HEADER))));
    }

    private static String actor(Caller caller, String said) {
        return said == null || said.isBlank() || said.equals(caller.user())
                ? caller.user()
                : caller.user() + " (" + said + ")";
    }

    private static void leave(Context ctx) {
        Actor.Scope scope = ctx.attribute(ACTOR_SCOPE);
        if (scope != null) {
            scope.close();
        }
    }

    private static Set<Access> access(Set<RouteRole> roles) {
        Set<Access> access = EnumSet.noneOf(Access.class);
        for (RouteRole role : roles) {
            if (role instanceof Access a) {
                access.add(a);
            }
        }
        return access;
    }

    private static String roles(Caller caller) {
        return "(" + caller.roles().stream().map(r -> r.wireName()).sorted().collect(Collectors.joining(", ")) + ")";
    }

    private static String needs(Set<Access> access) {
        if (access.isEmpty()) {
            return "a role this route was never given (a server fault: every route names its access)";
        }
        String roles = access.stream()
                .filter(a -> a.role() != null)
                .map(a -> a.role().wireName())
                .collect(Collectors.joining(" or "));
        return roles.isEmpty() ? "the server's authorization to allow it" : "the role " + roles;
    }
}
