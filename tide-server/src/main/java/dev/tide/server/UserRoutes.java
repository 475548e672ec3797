package dev.tide.server;

import dev.tide.api.auth.AccountDefaults;
import dev.tide.api.auth.Accounts;
import dev.tide.api.auth.AuthenticationException;
import dev.tide.api.auth.NewAccount;
import dev.tide.api.http.HttpBodies;
import dev.tide.api.http.Routes;
import io.javalin.config.RoutesConfig;
import io.javalin.http.Context;

/**
 * The users of the server and their credentials (administrators only), sign-in and sign-out for everyone, and
 * {@code whoami}. Secrets travel one way: a password in, a token out once.
 */
final class UserRoutes {
    private final Accounts accounts;
    private final JsonBody body;
    private final SignInGuard signIns;

    UserRoutes(Accounts accounts, JsonBody body, SignInGuard signIns) {
        this.accounts = accounts;
        this.body = body;
        this.signIns = signIns;
    }

    void addTo(RoutesConfig routes) {
        routes.post(
                Routes.USERS,
                ctx -> ctx.status(201).json(accounts.addAccount(body.required(ctx, NewAccount.class))),
                Access.ADMIN);
        routes.get(Routes.USERS, ctx -> ctx.json(new HttpBodies.UserList(accounts.accounts())), Access.ADMIN);
        routes.get(Routes.USER, ctx -> ctx.json(accounts.account(name(ctx))), Access.ADMIN);
        routes.put(Routes.USER_ROLES, this::setRoles, Access.ADMIN);
        routes.put(Routes.USER_PASSWORD, this::setPassword, Access.ADMIN);
        routes.put(Routes.USER_LIMITS, this::setLimits, Access.ADMIN);
        routes.post(Routes.USER_DISABLE, ctx -> ctx.json(accounts.disable(name(ctx))), Access.ADMIN);
        routes.post(Routes.USER_ENABLE, ctx -> ctx.json(accounts.enable(name(ctx))), Access.ADMIN);
        routes.post(Routes.USER_TOKENS, this::issueToken, Access.ADMIN);
        routes.get(
                Routes.USER_TOKENS,
                ctx -> ctx.json(new HttpBodies.TokenList(accounts.tokens(name(ctx)))),
                Access.ADMIN);
        routes.delete(
                Routes.USER_TOKEN,
                ctx -> {
                    accounts.revokeToken(name(ctx), PathParams.text(ctx, "token"));
                    ctx.status(204);
                },
                Access.ADMIN);
        routes.get(Routes.USER_DEFAULTS, ctx -> ctx.json(accounts.accountDefaults()), Access.ADMIN);
        routes.put(
                Routes.USER_DEFAULTS,
                ctx -> ctx.json(accounts.setAccountDefaults(body.required(ctx, AccountDefaults.class))),
                Access.ADMIN);
        routes.post(Routes.SESSIONS, this::signIn, Access.PUBLIC);
        routes.delete(Routes.CURRENT_SESSION, this::signOut, Access.AUTHENTICATED);
        routes.get(Routes.WHOAMI, ctx -> ctx.json(Authentication.required(ctx)), Access.AUTHENTICATED);
    }

    private void setRoles(Context ctx) {
        HttpBodies.Roles roles = body.required(ctx, HttpBodies.Roles.class);
        ctx.json(accounts.setRoles(name(ctx), roles.roles()));
    }

    private void setPassword(Context ctx) {
        HttpBodies.Password password = body.required(ctx, HttpBodies.Password.class);
        ctx.json(accounts.setPassword(name(ctx), password.password()));
    }

    private void setLimits(Context ctx) {
        HttpBodies.Limits limits = body.required(ctx, HttpBodies.Limits.class);
        ctx.json(accounts.setLimits(name(ctx), limits.pendingLimit(), limits.submitsPerMinute()));
    }

    /** 201 with the token, shown this once. */
    private void issueToken(Context ctx) {
        HttpBodies.TokenRequest request =
                body.optional(ctx, HttpBodies.TokenRequest.class).orElse(new HttpBodies.TokenRequest(null, null));
        ctx.status(201).json(accounts.issueToken(name(ctx), request.label(), request.validFor()));
    }

    /**
     * 201 with a session token for a user's password; 401 alike for an unknown user and a wrong password; 429 or 503
     * before any check when {@link SignInGuard} refuses the attempt.
     */
    private void signIn(Context ctx) {
        HttpBodies.SignIn request = body.required(ctx, HttpBodies.SignIn.class);
        ctx.status(201)
                .json(signIns.attempt(
                        request.user(),
                        ctx.req().getRemoteAddr(),
                        () -> accounts.signIn(request.user(), request.password(), request.validFor())));
    }

    /** Ends the session (or revokes the token) the request presents. */
    private void signOut(Context ctx) {
        body.optional(ctx, HttpBodies.Empty.class);
        accounts.signOut(Authentication.token(ctx)
                .orElseThrow(() -> new AuthenticationException("Authorization: no bearer token to end")));
        ctx.status(204);
    }

    private static String name(Context ctx) {
        return PathParams.text(ctx, "name");
    }
}
