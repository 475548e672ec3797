package dev.tide.client;

import dev.tide.api.auth.Account;
import dev.tide.api.auth.AccountDefaults;
import dev.tide.api.auth.Accounts;
import dev.tide.api.auth.AuthenticationException;
import dev.tide.api.auth.Caller;
import dev.tide.api.auth.IssuedToken;
import dev.tide.api.auth.NewAccount;
import dev.tide.api.auth.Role;
import dev.tide.api.auth.TokenInfo;
import dev.tide.api.http.HttpBodies;
import dev.tide.api.http.Routes;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/** {@link Accounts} over the admin API: what {@link TideClient#accounts()} answers with. */
final class RemoteAccounts implements Accounts {
    private final JsonHttp http;

    RemoteAccounts(JsonHttp http) {
        this.http = http;
    }

    @Override
    public Account addAccount(NewAccount account) {
        return http.call("POST", Routes.path(Routes.USERS), account, Account.class);
    }

    @Override
    public List<Account> accounts() {
        return http.call("GET", Routes.path(Routes.USERS), null, HttpBodies.UserList.class)
                .users();
    }

    @Override
    public Account account(String name) {
        return http.call("GET", userPath(Routes.USER, name), null, Account.class);
    }

    @Override
    public Account setRoles(String name, Set<Role> roles) {
        return http.call("PUT", userPath(Routes.USER_ROLES, name), new HttpBodies.Roles(roles), Account.class);
    }

    @Override
    public Account setPassword(String name, String password) {
        return http.call("PUT", userPath(Routes.USER_PASSWORD, name), new HttpBodies.Password(password), Account.class);
    }

    @Override
    public Account setLimits(String name, Integer pendingLimit, Integer submitsPerMinute) {
        return http.call(
                "PUT",
                userPath(Routes.USER_LIMITS, name),
                new HttpBodies.Limits(pendingLimit, submitsPerMinute),
                Account.class);
    }

    @Override
    public AccountDefaults accountDefaults() {
        return http.call("GET", Routes.path(Routes.USER_DEFAULTS), null, AccountDefaults.class);
    }

    @Override
    public AccountDefaults setAccountDefaults(AccountDefaults defaults) {
        return http.call("PUT", Routes.path(Routes.USER_DEFAULTS), defaults, AccountDefaults.class);
    }

    @Override
    public Account disable(String name) {
        return http.call("POST", userPath(Routes.USER_DISABLE, name), "{}", Account.class);
    }

    @Override
    public Account enable(String name) {
        return http.call("POST", userPath(Routes.USER_ENABLE, name), "{}", Account.class);
    }

    @Override
    public IssuedToken issueToken(String user, String label, Duration validFor) {
        return http.call(
                "POST",
                userPath(Routes.USER_TOKENS, user),
                new HttpBodies.TokenRequest(label, validFor),
                IssuedToken.class);
    }

    @Override
    public List<TokenInfo> tokens(String user) {
        return http.call("GET", userPath(Routes.USER_TOKENS, user), null, HttpBodies.TokenList.class)
                .tokens();
    }

    @Override
    public void revokeToken(String user, String tokenId) {
        http.call("DELETE", userPath(Routes.USER_TOKEN, user, tokenId), null, Void.class);
    }

    @Override
    public IssuedToken signIn(String user, String password, Duration validFor) {
        return http.call(
                "POST",
                Routes.path(Routes.SESSIONS),
                new HttpBodies.SignIn(user, password, validFor),
                IssuedToken.class);
    }

    @Override
    public void signOut(String token) {
        try {
            http.callAs(token, "DELETE", Routes.path(Routes.CURRENT_SESSION), null, Void.class);
        } catch (AuthenticationException unknown) {
            // nothing to end
        }
    }

    /** Asks the server who the token names ({@code GET /v1/whoami} under it). */
    @Override
    public Optional<Caller> authenticate(String token) {
        try {
            return Optional.of(http.callAs(token, "GET", Routes.path(Routes.WHOAMI), null, Caller.class));
        } catch (AuthenticationException invalid) {
            return Optional.empty();
        }
    }

    private static String userPath(String route, Object... values) {
        NewAccount.requireName("name", (String) values[0]);
        return Routes.path(route, values);
    }
}
