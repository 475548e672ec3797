package dev.tide.core.store.jdbc;

import dev.tide.api.auth.Account;
import dev.tide.api.auth.Role;
import dev.tide.api.auth.TokenInfo;
import dev.tide.api.auth.TokenKind;
import dev.tide.core.store.AccountRecord;
import dev.tide.core.store.TokenHolder;
import dev.tide.core.store.TokenRow;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/** The built-in user store's rows, read and changed inside a store transaction. */
final class AccountSql {
    private AccountSql() {}

    static List<AccountRecord> list(Statement statement) throws SQLException {
        List<AccountRecord> out = new ArrayList<>();
        try (ResultSet rs = statement.query()) {
            while (rs.next()) {
                out.add(read(rs));
            }
        }
        return out;
    }

    static Optional<AccountRecord> one(Statement statement) throws SQLException {
        return list(statement).stream().findFirst();
    }

    static Long limit(Integer value) {
        return value == null ? null : (long) value;
    }

    static List<TokenInfo> tokens(Tx tx, String account) throws SQLException {
        List<TokenInfo> out = new ArrayList<>();
        try (ResultSet rs = tx.prepare("token_list").set("account", account).query()) {
            while (rs.next()) {
                out.add(new TokenInfo(
                        rs.getString("id"),
                        TokenKind.parse(rs.getString("kind")),
                        rs.getString("label"),
                        Rows.instant(rs, "created_at"),
                        Rows.instant(rs, "expires_at")));
            }
        }
        return out;
    }

    static void insertToken(Tx tx, TokenRow token) throws SQLException {
        tx.prepare("token_insert")
                .set("digest", token.digest())
                .set("id", token.id())
                .set("account", token.account())
                .set("kind", token.kind().wireName())
                .set("label", token.label())
                .set("created_at", token.createdAt())
                .set("expires_at", token.expiresAt())
                .update();
    }

    static Optional<TokenHolder> lookup(Tx tx, String digest) throws SQLException {
        try (ResultSet rs = tx.prepare("token_lookup").set("digest", digest).query()) {
            if (!rs.next()) {
                return Optional.empty();
            }
            return Optional.of(new TokenHolder(
                    rs.getString("name"),
                    roles(rs.getString("roles")),
                    rs.getInt("disabled") != 0,
                    Rows.instant(rs, "expires_at")));
        }
    }

    static String rolesText(Set<Role> roles) {
        return EnumSet.copyOf(roles).stream().map(Role::wireName).collect(Collectors.joining(","));
    }

    private static Set<Role> roles(String text) {
        return Arrays.stream(text.split(",")).map(Role::parse).collect(Collectors.toUnmodifiableSet());
    }

    private static AccountRecord read(ResultSet rs) throws SQLException {
        String hash = rs.getString("password_hash");
        Account account = new Account(
                rs.getString("name"),
                roles(rs.getString("roles")),
                rs.getInt("disabled") != 0,
                hash != null,
                Rows.nullableInt(rs, "pending_limit"),
                Rows.nullableInt(rs, "submits_per_minute"),
                Rows.instant(rs, "created_at"));
        return new AccountRecord(account, hash);
    }
}
