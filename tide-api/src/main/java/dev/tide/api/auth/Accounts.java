package dev.tide.api.auth;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The users of a Tide server and their credentials. Implemented by the engine (the built-in user store) and by the HTTP
 * client (the admin API). Every change is recorded in the event log with who made it; secrets never are.
 */
public interface Accounts {
    /** Adds a user; 409 when the name is taken. */
    Account addAccount(NewAccount account);

    /** Every user, by name. */
    List<Account> accounts();

    /** One user; 404 when unknown. */
    Account account(String name);

    /** Replaces a user's roles. */
    Account setRoles(String name, Set<Role> roles);

    /** Sets (or replaces) a user's password; its session tokens end, its API tokens stay. */
    Account setPassword(String name, String password);

    /**
     * Sets a user's own pending and submission-rate limits; null gives it the server's default again.
     *
     * @see Account#pendingLimit()
     */
    Account setLimits(String name, Integer pendingLimit, Integer submitsPerMinute);

    /** The limits of users without their own. */
    AccountDefaults accountDefaults();

    /** Sets the limits of users without their own; takes effect at the next enqueue on every node. */
    AccountDefaults setAccountDefaults(AccountDefaults defaults);

    /** Disables a user: its tokens stop working at once (within the server's cache time), its tasks stay. */
    Account disable(String name);

    /** Lets a disabled user in again. */
    Account enable(String name);

    /**
     * Issues an API token for a user: at least 256 random bits, shown once in the answer.
     *
     * @param validFor null: until revoked
     */
    IssuedToken issueToken(String user, String label, Duration validFor);

    /** A user's tokens, without their secrets. */
    List<TokenInfo> tokens(String user);

    /** Revokes one of a user's tokens by its id; 404 when the user has no such token. */
    void revokeToken(String user, String tokenId);

    /**
     * Exchanges a user's password for a session token valid {@code validFor}. 401 for an unknown user, a wrong
     * password or a disabled user, alike.
     */
    IssuedToken signIn(String user, String password, Duration validFor);

    /** Ends the session (or revokes the API token) {@code token}; nothing happens for an unknown token. */
    void signOut(String token);

    /** Who a token belongs to, when it is valid now (known, not expired, its user enabled). */
    Optional<Caller> authenticate(String token);
}
