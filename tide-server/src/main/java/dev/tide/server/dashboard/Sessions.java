package dev.tide.server.dashboard;

import dev.tide.api.auth.Accounts;
import dev.tide.api.auth.AuthenticationException;
import dev.tide.api.auth.Caller;
import dev.tide.server.Authorization;
import dev.tide.server.SignInGuard;
import io.javalin.http.Context;
import jakarta.servlet.http.HttpServletRequest;
import java.security.SecureRandom;
import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;
import java.util.Base64;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

/**
 * Who is signed in, by the session cookie. The cookie holds a Tide token: a session token from a password sign-in
 * (ended on sign-out, and when the user's password changes), or an API token a person signed in with (only forgotten
 * on sign-out: it is theirs to keep). Beside the token it says how it was made and when, so a session ends after
 * {@link DashboardSettings#sessionMaxAge} whatever the token's own lifetime.
 *
 * <p>Idle sessions end after {@link DashboardSettings#sessionIdleTimeout}, counted by this node: a node that has not
 * seen a session yet (restarted, or another node of the service) counts from its first request. An ended password
 * session is signed out in the store, so every node refuses it from then on.
 *
 * <p>With an application's own authenticator in place of sign-in, the authenticator names the caller of every request,
 * and the session cookie is only a random value the CSRF tokens are made from.
 */
final class Sessions {
    static final String COOKIE = "tide_session";
    private static final int IDLE_ENTRIES_BEFORE_PRUNING = 10_000;
    private static final SecureRandom RANDOM = new SecureRandom();

    private final Accounts accounts;
    private final Authorization authorization;
    private final Function<HttpServletRequest, Optional<Caller>> authenticator;
    private final SignInGuard guard;
    private final DashboardSettings settings;
    private final InstantSource clock;
    private final Map<String, Instant> lastSeen = new ConcurrentHashMap<>();

    Sessions(
            Accounts accounts,
            Authorization authorization,
            Function<HttpServletRequest, Optional<Caller>> authenticator,
            SignInGuard guard,
            DashboardSettings settings,
            InstantSource clock) {
        this.accounts = accounts;
        this.authorization = authorization;
        this.authenticator = authenticator;
        this.guard = guard;
        this.settings = settings;
        this.clock = clock;
    }

    /** Whether people sign in on the dashboard's own page (false: the host application names them). */
    boolean signsIn() {
        return authenticator == null;
    }

    /** The request's session, if it has a live one. */
    Optional<Session> current(Context ctx) {
        if (authenticator != null) {
            return authenticator.apply(ctx.req()).map(caller -> new Session(caller, Csrf.tokenOf(csrfKey(ctx)), false));
        }
        String value = ctx.cookie(COOKIE);
        SessionCookie cookie = SessionCookie.parse(value);
        if (cookie == null) {
            return Optional.empty();
        }
        Instant now = clock.instant();
        if (cookie.issuedAt().plus(settings.sessionMaxAge()).isBefore(now) || idleTooLong(value, now)) {
            end(cookie, value);
            return Optional.empty();
        }
        Optional<Caller> caller = authorization.authenticate(cookie.token());
        if (caller.isEmpty()) {
            lastSeen.remove(value);
            return Optional.empty();
        }
        lastSeen.put(value, now);
        return Optional.of(new Session(caller.get(), Csrf.tokenOf(value), true));
    }

    /**
     * Signs in with a password (a session token is made) or with an API token (kept in the cookie as it is). Both go
     * through the server's sign-in guard, so the dashboard is no way around the API's throttle.
     */
    void signIn(Context ctx, String user, String password, String token) {
        String address = ctx.req().getRemoteAddr();
        SessionCookie cookie;
        if (token != null && !token.isBlank()) {
            String presented = token.strip();
            guard.attempt(
                    null,
                    address,
                    () -> authorization
                            .authenticate(presented)
                            .orElseThrow(() -> new AuthenticationException(
                                    "the token is unknown, revoked or expired, or its user is disabled")));
            cookie = new SessionCookie(SessionCookie.Kind.API_TOKEN, clock.instant(), presented);
        } else {
            if (user == null || user.isBlank() || password == null || password.isEmpty()) {
                throw new AuthenticationException("give a user name and password, or a token");
            }
            String issued = guard.attempt(
                            user, address, () -> accounts.signIn(user.strip(), password, settings.sessionMaxAge()))
                    .token();
            cookie = new SessionCookie(SessionCookie.Kind.PASSWORD, clock.instant(), issued);
        }
        String value = cookie.value();
        lastSeen.put(value, clock.instant());
        ctx.res().addHeader("Set-Cookie", setCookie(ctx, value, settings.sessionMaxAge()));
    }

    /** Ends the request's session (a password session in the store too) and clears its cookie. */
    void signOut(Context ctx) {
        String value = ctx.cookie(COOKIE);
        SessionCookie cookie = SessionCookie.parse(value);
        if (cookie != null) {
            end(cookie, value);
        }
        ctx.res().addHeader("Set-Cookie", setCookie(ctx, "", Duration.ZERO));
    }

    private boolean idleTooLong(String value, Instant now) {
        Instant seen = lastSeen.get(value);
        if (lastSeen.size() > IDLE_ENTRIES_BEFORE_PRUNING) {
            Instant cutoff = now.minus(settings.sessionIdleTimeout());
            lastSeen.values().removeIf(at -> at.isBefore(cutoff));
        }
        return seen != null && seen.plus(settings.sessionIdleTimeout()).isBefore(now);
    }

    private void end(SessionCookie cookie, String value) {
        lastSeen.remove(value);
        if (cookie.kind() == SessionCookie.Kind.PASSWORD) {
            accounts.signOut(cookie.token());
        }
    }

    /**
     * Under an application's authenticator: the random value this browser's CSRF tokens are made from, set on its
     * first request.
     */
    private String csrfKey(Context ctx) {
        String value = ctx.cookie(COOKIE);
        if (value == null || value.length() < 20) {
            byte[] bytes = new byte[24];
            RANDOM.nextBytes(bytes);
            value = Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
            ctx.res().addHeader("Set-Cookie", setCookie(ctx, value, settings.sessionMaxAge()));
        }
        return value;
    }

    /** HttpOnly, SameSite=Strict, under the dashboard's path only; Secure under TLS (or as configured). */
    private String setCookie(Context ctx, String value, Duration maxAge) {
        boolean secure = settings.secureCookies() != null
                ? settings.secureCookies()
                : ctx.req().isSecure();
        return COOKIE + "=" + value + "; Path=" + settings.basePath() + "; Max-Age=" + maxAge.toSeconds()
                + "; HttpOnly; SameSite=Strict" + (secure ? "; Secure" : "");
    }
}
