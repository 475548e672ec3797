package dev.tide.core.testing;

import dev.tide.api.ConflictException;
import dev.tide.api.auth.Accounts;
import dev.tide.api.auth.NewAccount;
import dev.tide.api.auth.Role;

/** Users and tokens for tests that talk to a server: made through the engine's user store, as an operator would. */
public final class TestUsers {
    /** The administrator tests act as. */
    public static final String ADMIN = "admin";

    private TestUsers() {}

    /** A new API token of {@link #ADMIN}, added first if missing. */
    public static String adminToken(Accounts accounts) {
        return token(accounts, ADMIN, Role.ADMIN);
    }

    /** A new API token of {@code user}, added with {@code roles} first if missing. */
    public static String token(Accounts accounts, String user, Role... roles) {
        try {
            accounts.addAccount(NewAccount.of(user, roles));
        } catch (ConflictException exists) {
            // made by an earlier call
        }
        return accounts.issueToken(user, "test", null).token();
    }
}
