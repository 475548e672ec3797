package dev.tide.core.store;

import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Accounts, their API tokens and limits, and the per-user submission counts admission checks.
 */
public interface AccountStore {

    /** Adds an account; empty when the name is taken. */
    Optional<AccountRecord> accountInsert(dev.tide.api.auth.NewAccount account, String passwordHash, Instant now);

    Optional<AccountRecord> accountGet(String name);

    List<AccountRecord> accountList();

    Optional<AccountRecord> accountSetRoles(String name, Set<dev.tide.api.auth.Role> roles, Instant now);

    /** Sets the password hash and ends the account's sessions, in one transaction. */
    Optional<AccountRecord> accountSetPassword(String name, String passwordHash, Instant now);

    Optional<AccountRecord> accountSetLimits(String name, Integer pendingLimit, Integer submitsPerMinute, Instant now);

    Optional<AccountRecord> accountSetDisabled(String name, boolean disabled, Instant now);

    void tokenInsert(TokenRow token);

    Optional<TokenHolder> tokenLookup(String digest);

    List<dev.tide.api.auth.TokenInfo> tokenList(String account);

    boolean tokenDelete(String account, String id);

    /** Deletes tokens expired by {@code now}; returns how many. */
    int tokenPrune(Instant now);

    /** The limits of users without their own. */
    dev.tide.api.auth.AccountDefaults accountDefaults();

    void accountDefaultsPut(dev.tide.api.auth.AccountDefaults defaults, Instant now);

    /** Deletes the per-user submission counts of minutes before {@code cutoff}; returns how many. */
    int ownerMinutesPrune(Instant cutoff);
}
