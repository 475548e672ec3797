package dev.tide.core.store.jdbc;

import dev.tide.api.auth.AccountDefaults;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Every user's admission limits as one node last read them: the users with limits of their own, and the defaults of
 * the others (null: no limit). Without any, an enqueue checks nothing.
 */
record OwnerLimits(Map<String, Own> own, AccountDefaults defaults) {
    static final String DEFAULT_PENDING = "default.pending_limit";
    static final String DEFAULT_PER_MINUTE = "default.submits_per_minute";

    /** A user's own limits; a null field falls back to the default. */
    record Own(Integer pending, Integer perMinute) {}

    boolean any() {
        return !own.isEmpty() || defaults.pendingLimit() != null || defaults.submitsPerMinute() != null;
    }

    Integer pending(String owner) {
        Own mine = own.get(owner);
        return mine != null && mine.pending() != null ? mine.pending() : defaults.pendingLimit();
    }

    Integer perMinute(String owner) {
        Own mine = own.get(owner);
        return mine != null && mine.perMinute() != null ? mine.perMinute() : defaults.submitsPerMinute();
    }

    static OwnerLimits read(Tx tx) throws SQLException {
        Map<String, Own> own = new HashMap<>();
        try (ResultSet rs = tx.prepare("account_limits").query()) {
            while (rs.next()) {
                own.put(
                        rs.getString("name"),
                        new Own(Rows.nullableInt(rs, "pending_limit"), Rows.nullableInt(rs, "submits_per_minute")));
            }
        }
        return new OwnerLimits(own, defaults(tx));
    }

    static AccountDefaults defaults(Tx tx) throws SQLException {
        return new AccountDefaults(setting(tx, DEFAULT_PENDING), setting(tx, DEFAULT_PER_MINUTE));
    }

    private static Integer setting(Tx tx, String name) throws SQLException {
        try (ResultSet rs = tx.prepare("setting_get").set("name", name).query()) {
            return rs.next()
                    ? Optional.ofNullable(rs.getString("value"))
                            .map(Integer::valueOf)
                            .orElse(null)
                    : null;
        }
    }
}
