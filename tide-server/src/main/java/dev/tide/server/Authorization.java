package dev.tide.server;

import dev.tide.api.auth.Accounts;
import dev.tide.api.auth.Caller;
import java.util.Optional;
import java.util.Set;

/**
 * The server's authorization service (seed 004's authorization step): who a request's bearer token names, and whether
 * that caller may use a route. The default is the built-in user store ({@link #of(Accounts)}); plug in another (an
 * identity provider's tokens, a directory) through {@link TideServer.Builder#authorization}.
 *
 * <p>Whatever decides, the server still scopes submitters to their own tasks and jobs: a caller that is neither
 * worker nor administrator sees and changes only what it owns.
 */
public interface Authorization {
    /** The caller a bearer token names, when it is valid now; empty answers 401. */
    Optional<Caller> authenticate(String bearerToken);

    /** Whether {@code caller} may use a route registered with {@code access} (never empty); false answers 403. */
    default boolean permits(Caller caller, Set<Access> access) {
        return access.stream().anyMatch(a -> a.admits(caller));
    }

    /** The built-in user store's tokens and roles. */
    static Authorization of(Accounts accounts) {
        return accounts::authenticate;
    }
}
