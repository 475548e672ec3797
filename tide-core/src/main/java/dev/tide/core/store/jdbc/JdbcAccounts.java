package dev.tide.core.store.jdbc;

import dev.tide.api.auth.AccountDefaults;
import dev.tide.api.auth.NewAccount;
import dev.tide.api.auth.Role;
import dev.tide.api.auth.TokenInfo;
import dev.tide.core.store.AccountRecord;
import dev.tide.core.store.AccountStore;
import dev.tide.core.store.TokenHolder;
import dev.tide.core.store.TokenRow;
import java.sql.SQLException;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Accounts, their tokens and limits. A change of limits through this node makes the next enqueue read them again.
 */
public final class JdbcAccounts implements AccountStore {
    private final Database db;
    private final AdmissionLimits limits;

    JdbcAccounts(Database db, AdmissionLimits limits) {
        this.db = db;
        this.limits = limits;
    }

    @Override
    public Optional<AccountRecord> accountInsert(NewAccount account, String passwordHash, Instant now) {
        limits.forget();
        return db.write(tx -> AccountSql.one(tx.prepare("account_insert")
                .set("name", account.name())
                .set("roles", AccountSql.rolesText(account.roles()))
                .set("password_hash", passwordHash)
                .set("pending_limit", AccountSql.limit(account.pendingLimit()))
                .set("submits_per_minute", AccountSql.limit(account.submitsPerMinute()))
                .set("now", now)));
    }

    @Override
    public Optional<AccountRecord> accountGet(String name) {
        return db.read(tx -> AccountSql.one(tx.prepare("account_get").set("name", name)));
    }

    @Override
    public List<AccountRecord> accountList() {
        return db.read(tx -> AccountSql.list(tx.prepare("account_list")));
    }

    @Override
    public Optional<AccountRecord> accountSetRoles(String name, Set<Role> roles, Instant now) {
        return db.write(tx -> AccountSql.one(tx.prepare("account_set_roles")
                .set("roles", AccountSql.rolesText(roles))
                .set("now", now)
                .set("name", name)));
    }

    @Override
    public Optional<AccountRecord> accountSetPassword(String name, String passwordHash, Instant now) {
        return db.write(tx -> {
            tx.prepare("token_delete_sessions").set("account", name).update();
            return AccountSql.one(tx.prepare("account_set_password")
                    .set("password_hash", passwordHash)
                    .set("now", now)
                    .set("name", name));
        });
    }

    @Override
    public Optional<AccountRecord> accountSetLimits(
            String name, Integer pendingLimit, Integer submitsPerMinute, Instant now) {
        limits.forget();
        return db.write(tx -> AccountSql.one(tx.prepare("account_set_limits")
                .set("pending_limit", AccountSql.limit(pendingLimit))
                .set("submits_per_minute", AccountSql.limit(submitsPerMinute))
                .set("now", now)
                .set("name", name)));
    }

    @Override
    public Optional<AccountRecord> accountSetDisabled(String name, boolean disabled, Instant now) {
        return db.write(tx -> AccountSql.one(tx.prepare("account_set_disabled")
                .set("disabled", disabled ? 1L : 0L)
                .set("now", now)
                .set("name", name)));
    }

    @Override
    public void tokenInsert(TokenRow token) {
        db.write(tx -> {
            AccountSql.insertToken(tx, token);
            return null;
        });
    }

    @Override
    public Optional<TokenHolder> tokenLookup(String digest) {
        return db.read(tx -> AccountSql.lookup(tx, digest));
    }

    @Override
    public List<TokenInfo> tokenList(String account) {
        return db.read(tx -> AccountSql.tokens(tx, account));
    }

    @Override
    public boolean tokenDelete(String account, String id) {
        return db.write(tx ->
                tx.prepare("token_delete").set("account", account).set("id", id).update() > 0);
    }

    @Override
    public int tokenPrune(Instant now) {
        return db.write(tx -> tx.prepare("token_prune").set("now", now).update());
    }

    @Override
    public AccountDefaults accountDefaults() {
        return db.read(OwnerLimits::defaults);
    }

    @Override
    public void accountDefaultsPut(AccountDefaults defaults, Instant now) {
        db.write(tx -> {
            putSetting(tx, OwnerLimits.DEFAULT_PENDING, defaults.pendingLimit(), now);
            putSetting(tx, OwnerLimits.DEFAULT_PER_MINUTE, defaults.submitsPerMinute(), now);
            return null;
        });
        limits.forget();
    }

    private static void putSetting(Tx tx, String name, Integer value, Instant now) throws SQLException {
        if (value == null) {
            tx.prepare("setting_delete").set("name", name).update();
        } else {
            tx.prepare("setting_put")
                    .set("name", name)
                    .set("value", value.toString())
                    .set("now", now)
                    .update();
        }
    }

    @Override
    public int ownerMinutesPrune(Instant cutoff) {
        return db.write(
                tx -> tx.prepare("owner_minutes_prune").set("cutoff", cutoff).update());
    }
}
