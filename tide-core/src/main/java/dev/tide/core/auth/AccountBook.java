package dev.tide.core.auth;

import dev.tide.api.ConflictException;
import dev.tide.api.InputRanges;
import dev.tide.api.InvalidRequestException;
import dev.tide.api.NotFoundException;
import dev.tide.api.TideEvent;
import dev.tide.api.TideException;
import dev.tide.api.auth.Account;
import dev.tide.api.auth.AccountDefaults;
import dev.tide.api.auth.Accounts;
import dev.tide.api.auth.AuthenticationException;
import dev.tide.api.auth.Caller;
import dev.tide.api.auth.IssuedToken;
import dev.tide.api.auth.NewAccount;
import dev.tide.api.auth.Role;
import dev.tide.api.auth.TokenInfo;
import dev.tide.api.auth.TokenKind;
import dev.tide.core.engine.AdminLog;
import dev.tide.core.store.AccountRecord;
import dev.tide.core.store.AccountStore;
import dev.tide.core.store.TokenHolder;
import dev.tide.core.store.TokenRow;
import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/** The built-in user store, over the engine's store: what {@code Tide.accounts()} answers with. */
public final class AccountBook implements Accounts {
    /** How long a session token from {@link #signIn} lasts when the caller does not say. */
    public static final Duration DEFAULT_SESSION = Duration.ofHours(12);

    private final AccountStore store;
    private final InstantSource clock;
    private final AdminLog admin;
    private final CallerCache cache;

    public AccountBook(AccountStore store, InstantSource clock, AdminLog admin) {
        this.store = store;
        this.clock = clock;
        this.admin = admin;
        this.cache = new CallerCache(clock);
    }

    @Override
    public Account addAccount(NewAccount account) {
        String hash = account.password() != null ? PasswordHashing.hash(account.password()) : null;
        Account added = store.accountInsert(account, hash, clock.instant())
                .orElseThrow(() -> new ConflictException("user '" + account.name() + "' exists"))
                .account();
        record(TideEvent.ACCOUNT_ADDED, added.name(), Map.of("roles", added.roles()));
        return added;
    }

    @Override
    public List<Account> accounts() {
        return store.accountList().stream().map(AccountRecord::account).toList();
    }

    @Override
    public Account account(String name) {
        return existing(store.accountGet(NewAccount.requireName("name", name)), name);
    }

    @Override
    public Account setRoles(String name, Set<Role> roles) {
        if (roles == null || roles.isEmpty()) {
            throw new InvalidRequestException("roles", "give at least one of submitter, worker, admin");
        }
        return changed(
                name, store.accountSetRoles(checked(name), roles, clock.instant()), "roles", Map.of("roles", roles));
    }

    @Override
    public Account setPassword(String name, String password) {
        NewAccount.requirePassword("password", password);
        String hash = PasswordHashing.hash(password);
        return changed(name, store.accountSetPassword(checked(name), hash, clock.instant()), "password", Map.of());
    }

    @Override
    public Account setLimits(String name, Integer pendingLimit, Integer submitsPerMinute) {
        checked(name);
        NewAccount.requireLimit("pendingLimit", pendingLimit);
        NewAccount.requireLimit("submitsPerMinute", submitsPerMinute);
        Map<String, Object> detail = new LinkedHashMap<>();
        detail.put("pendingLimit", pendingLimit);
        detail.put("submitsPerMinute", submitsPerMinute);
        return changed(
                name, store.accountSetLimits(name, pendingLimit, submitsPerMinute, clock.instant()), "limits", detail);
    }

    @Override
    public Account disable(String name) {
        return changed(name, store.accountSetDisabled(checked(name), true, clock.instant()), "disabled", Map.of());
    }

    @Override
    public Account enable(String name) {
        return changed(name, store.accountSetDisabled(checked(name), false, clock.instant()), "enabled", Map.of());
    }

    @Override
    public IssuedToken issueToken(String user, String label, Duration validFor) {
        account(user);
        if (label != null && label.length() > 200) {
            throw new InvalidRequestException("label", "must be at most 200 characters");
        }
        IssuedToken token = issue(user, TokenKind.API, label, validFor);
        record(TideEvent.TOKEN_ISSUED, user, tokenDetail(token));
        return token;
    }

    @Override
    public List<TokenInfo> tokens(String user) {
        account(user);
        return store.tokenList(user);
    }

    @Override
    public void revokeToken(String user, String tokenId) {
        if (!store.tokenDelete(checked(user), tokenId)) {
            throw new NotFoundException("token " + tokenId + " of user '" + user + "'");
        }
        cache.forget(user);
        record(TideEvent.TOKEN_REVOKED, user, Map.of("id", tokenId));
    }

    @Override
    public IssuedToken signIn(String user, String password, Duration validFor) {
        if (user == null || password == null) {
            throw new InvalidRequestException(user == null ? "user" : "password", "is required");
        }
        Optional<AccountRecord> found = store.accountGet(user);
        String hash = found.map(AccountRecord::passwordHash).orElse(null);
        boolean matches = PasswordHashing.matches(password, hash);
        if (!matches || found.get().account().disabled()) {
            throw new AuthenticationException("user or password wrong, or the user is disabled");
        }
        IssuedToken token = issue(user, TokenKind.SESSION, "sign-in", validFor != null ? validFor : DEFAULT_SESSION);
        record(TideEvent.TOKEN_ISSUED, user, tokenDetail(token));
        return token;
    }

    @Override
    public void signOut(String token) {
        if (token == null || !token.startsWith(SecretTokens.PREFIX)) {
            return;
        }
        String digest = SecretTokens.digest(token);
        store.tokenLookup(digest).ifPresent(holder -> {
            String id = SecretTokens.id(digest);
            if (store.tokenDelete(holder.account(), id)) {
                cache.forget(holder.account());
                record(TideEvent.TOKEN_REVOKED, holder.account(), Map.of("id", id));
            }
        });
    }

    @Override
    public Optional<Caller> authenticate(String token) {
        if (token == null || !token.startsWith(SecretTokens.PREFIX)) {
            return Optional.empty();
        }
        String digest = SecretTokens.digest(token);
        Optional<Caller> cached = cache.get(digest);
        if (cached.isPresent()) {
            return cached;
        }
        Optional<TokenHolder> holder;
        try {
            holder = store.tokenLookup(digest);
        } catch (TideException e) {
            if (e.httpStatus() == 503) {
                Optional<Caller> stale = cache.stale(digest);
                if (stale.isPresent()) {
                    return stale;
                }
            }
            throw e;
        }
        if (holder.isEmpty()
                || holder.get().disabled()
                || (holder.get().expiresAt() != null
                        && !clock.instant().isBefore(holder.get().expiresAt()))) {
            return Optional.empty();
        }
        Caller caller = new Caller(holder.get().account(), holder.get().roles());
        cache.put(digest, caller, holder.get().expiresAt());
        return Optional.of(caller);
    }

    @Override
    public AccountDefaults accountDefaults() {
        return store.accountDefaults();
    }

    @Override
    public AccountDefaults setAccountDefaults(AccountDefaults defaults) {
        if (defaults == null) {
            throw new InvalidRequestException("defaults", "is required");
        }
        store.accountDefaultsPut(defaults, clock.instant());
        Map<String, Object> detail = new LinkedHashMap<>();
        detail.put("pendingLimit", defaults.pendingLimit());
        detail.put("submitsPerMinute", defaults.submitsPerMinute());
        admin.record(TideEvent.ACCOUNT_DEFAULTS, null, null, null, detail);
        return defaults;
    }

    /** Deletes expired tokens and past minutes' submission counts; maintenance calls this. */
    public void prune(Instant now) {
        store.tokenPrune(now);
        store.ownerMinutesPrune(now.minus(Duration.ofHours(1)));
    }

    private IssuedToken issue(String user, TokenKind kind, String label, Duration validFor) {
        InputRanges.VALID_FOR.check("validFor", validFor);
        Instant now = clock.instant();
        Instant expiresAt = validFor != null ? now.plus(validFor) : null;
        String token = SecretTokens.generate();
        String digest = SecretTokens.digest(token);
        String id = SecretTokens.id(digest);
        store.tokenInsert(new TokenRow(digest, id, user, kind, label, now, expiresAt));
        return new IssuedToken(token, id, user, kind, label, now, expiresAt);
    }

    private Account changed(String name, Optional<AccountRecord> row, String change, Map<String, ?> detail) {
        Account account = existing(row, name);
        cache.forget(name);
        Map<String, Object> fields = new LinkedHashMap<>();
        fields.put("change", change);
        fields.putAll(detail);
        record(TideEvent.ACCOUNT_CHANGED, name, fields);
        return account;
    }

    private static String checked(String name) {
        return NewAccount.requireName("name", name);
    }

    private static Account existing(Optional<AccountRecord> row, String name) {
        return row.map(AccountRecord::account).orElseThrow(() -> new NotFoundException("user '" + name + "'"));
    }

    private static Map<String, Object> tokenDetail(IssuedToken token) {
        Map<String, Object> detail = new LinkedHashMap<>();
        detail.put("id", token.id());
        detail.put("kind", token.kind());
        detail.put("label", token.label());
        detail.put("expiresAt", token.expiresAt());
        return detail;
    }

    private void record(String kind, String user, Map<String, ?> detail) {
        Map<String, Object> fields = new LinkedHashMap<>();
        fields.put("user", user);
        fields.putAll(detail);
        admin.record(kind, null, null, null, fields);
    }
}
