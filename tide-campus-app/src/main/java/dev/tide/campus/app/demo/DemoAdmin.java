package dev.tide.campus.app.demo;

import dev.tide.api.auth.Accounts;
import dev.tide.api.auth.NewAccount;
import dev.tide.api.auth.Role;
import java.security.SecureRandom;
import java.util.Base64;

/**
 * The demo's administrator of Tide's dashboard, with a fresh random password on every start (shown on the home page
 * and printed when the application is up): the demo runs on loopback, for the one person at the machine.
 */
public record DemoAdmin(String name, String password) {
    public static final String NAME = "campus-admin";

    static DemoAdmin create(Accounts accounts) {
        byte[] random = new byte[18];
        new SecureRandom().nextBytes(random);
        String password = Base64.getUrlEncoder().withoutPadding().encodeToString(random);
        if (accounts.accounts().stream().anyMatch(a -> a.name().equals(NAME))) {
            accounts.setPassword(NAME, password);
        } else {
            accounts.addAccount(NewAccount.of(NAME, Role.ADMIN).withPassword(password));
        }
        return new DemoAdmin(NAME, password);
    }

    /** Hides the password: a record's text may reach a log. */
    @Override
    public String toString() {
        return "DemoAdmin[name=" + name + ", password=***]";
    }
}
