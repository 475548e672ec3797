package dev.tide.server.dashboard;

import dev.tide.api.auth.Accounts;
import dev.tide.api.auth.IssuedToken;
import dev.tide.api.auth.Role;
import java.time.Duration;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * Users, for administrators only: roles, limits, disabled or not, the tokens each holds (issued and revoked from here;
 * a new token is shown once), and the users prohibited server-wide.
 */
final class UserPages {
    private final Accounts accounts;

    UserPages(Accounts accounts) {
        this.accounts = accounts;
    }

    void addTo(PageRoutes pages) {
        pages.get("/users", page -> {
            page.view().requireAdmin("see users");
            page.render(
                    "users.jte",
                    "accounts",
                    accounts.accounts(),
                    "prohibited",
                    new TreeSet<>(page.view().queue().queues().prohibitedUsers()));
        });
        pages.get("/users/{name}", page -> {
            page.view().requireAdmin("see users");
            String name = page.pathParam("name");
            page.render("user.jte", "account", accounts.account(name), "tokens", accounts.tokens(name), "issued", null);
        });
        pages.post("/users/{name}/roles", page -> {
            page.view().requireAdmin("change roles");
            String name = page.pathParam("name");
            Set<Role> roles = EnumSet.noneOf(Role.class);
            for (Role role : Role.values()) {
                if ("on".equals(page.form("role-" + role.wireName()))) {
                    roles.add(role);
                }
            }
            accounts.setRoles(name, roles);
            page.redirect("/users/" + Urls.encode(name), "Roles of " + name + " changed.");
        });
        pages.post("/users/{name}/disable", page -> {
            page.view().requireAdmin("disable a user");
            String name = accounts.disable(page.pathParam("name")).name();
            page.redirect("/users/" + Urls.encode(name), name + " disabled: its tokens stopped working.");
        });
        pages.post("/users/{name}/enable", page -> {
            page.view().requireAdmin("enable a user");
            String name = accounts.enable(page.pathParam("name")).name();
            page.redirect("/users/" + Urls.encode(name), name + " enabled.");
        });
        pages.post("/users/{name}/limits", page -> {
            page.view().requireAdmin("change a user's limits");
            String name = page.pathParam("name");
            accounts.setLimits(name, page.formNumber("pendingLimit"), page.formNumber("submitsPerMinute"));
            page.redirect("/users/" + Urls.encode(name), "Limits of " + name + " changed.");
        });
        pages.post("/users/{name}/tokens", page -> {
            page.view().requireAdmin("issue a token");
            String name = page.pathParam("name");
            String label = page.form("label");
            Integer days = page.formNumber("days");
            IssuedToken issued = accounts.issueToken(
                    name, label == null ? "dashboard" : label, days == null ? null : Duration.ofDays(days));
            page.render(
                    "user.jte", "account", accounts.account(name), "tokens", accounts.tokens(name), "issued", issued);
        });
        pages.post("/users/{name}/tokens/{id}/revoke", page -> {
            page.view().requireAdmin("revoke a token");
            String name = page.pathParam("name");
            accounts.revokeToken(name, page.pathParam("id"));
            page.redirect("/users/" + Urls.encode(name), "Token revoked.");
        });
        pages.post("/prohibited-users", page -> {
            page.view().requireAdmin("prohibit users");
            String text = page.form("users");
            Set<String> users = text == null
                    ? Set.of()
                    : Arrays.stream(text.split("[,\\s]+"))
                            .filter(s -> !s.isBlank())
                            .collect(Collectors.toSet());
            page.view().queue().queues().prohibitUsers(users);
            page.redirect("/users", "Prohibited users set.");
        });
    }
}
