package dev.tide.api.auth;

import dev.tide.api.InvalidRequestException;
import java.util.Set;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * A user to add. The name is the one its tasks are owned by ({@code NewTask.owner}).
 *
 * @param password optional; a user without one signs in with API tokens only
 */
public record NewAccount(
        String name,
        Set<Role> roles,
        @Nullable String password,
        @Nullable Integer pendingLimit,
        @Nullable Integer submitsPerMinute) {
    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9._:@-]{1,100}");

    /** The shortest password accepted. */
    public static final int MIN_PASSWORD_LENGTH = 12;

    public NewAccount {
        requireName("name", name);
        if (roles == null || roles.isEmpty()) {
            throw new InvalidRequestException("roles", "give at least one of submitter, worker, admin");
        }
        roles = Set.copyOf(roles);
        if (password != null) {
            requirePassword("password", password);
        }
        requireLimit("pendingLimit", pendingLimit);
        requireLimit("submitsPerMinute", submitsPerMinute);
    }

    public static NewAccount of(String name, Role... roles) {
        return new NewAccount(name, Set.of(roles), null, null, null);
    }

    public NewAccount withPassword(String value) {
        return new NewAccount(name, roles, value, pendingLimit, submitsPerMinute);
    }

    public NewAccount withLimits(Integer pending, Integer perMinute) {
        return new NewAccount(name, roles, password, pending, perMinute);
    }

    /** Hides the password: a record's text may reach a log. */
    @Override
    public String toString() {
        return "NewAccount[name=" + name + ", roles=" + roles + ", password=" + (password == null ? "none" : "***")
                + ", pendingLimit=" + pendingLimit + ", submitsPerMinute=" + submitsPerMinute + "]";
    }

    public static String requireName(String field, String value) {
        if (value == null || !NAME.matcher(value).matches()) {
            throw new InvalidRequestException(
                    field,
                    value == null ? "is required" : "'" + value + "' must be 1 to 100 letters, digits or . _ : @ -");
        }
        return value;
    }

    public static void requirePassword(String field, String value) {
        if (value == null || value.length() < MIN_PASSWORD_LENGTH) {
            throw new InvalidRequestException(
                    field, "must be at least " + MIN_PASSWORD_LENGTH + " characters (a passphrase is best)");
        }
        if (value.length() > 1024) {
            throw new InvalidRequestException(field, "must be at most 1024 characters");
        }
    }

    public static void requireLimit(String field, @Nullable Integer value) {
        if (value != null && value < 0) {
            throw new InvalidRequestException(field, "must be zero or positive");
        }
    }
}
