package dev.tide.cli;

import dev.tide.api.auth.Account;
import dev.tide.api.auth.AccountDefaults;
import dev.tide.api.auth.Accounts;
import dev.tide.api.auth.IssuedToken;
import dev.tide.api.auth.NewAccount;
import dev.tide.api.auth.Role;
import dev.tide.api.auth.TokenInfo;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.EnumSet;
import java.util.List;
import java.util.stream.Collectors;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code tide user add|list|token|tokens|revoke|disable|enable|password|limits|defaults}: the users of a server, their
 * credentials and their admission limits.
 * Against a database opened directly ({@code --db}, or a data folder no server holds) this is how the first
 * administrator is made; against a server it goes through the admin API.
 */
@Command(
        name = "user",
        description =
                "Users, their credentials and limits: add, list, token, tokens, revoke, disable, enable, password,"
                        + " limits, defaults.",
        subcommands = {
            UserCommand.Add.class,
            UserCommand.ListAll.class,
            UserCommand.Token.class,
            UserCommand.Tokens.class,
            UserCommand.Revoke.class,
            UserCommand.Disable.class,
            UserCommand.Enable.class,
            UserCommand.Password.class,
            UserCommand.Limits.class,
            UserCommand.Defaults.class
        })
final class UserCommand implements Runnable {
    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    /** The skeleton of every subcommand: open the target, do one thing with its users, print. */
    abstract static class Sub extends TargetSubcommand {
        abstract void run(Accounts accounts, PrintWriter out);

        @Override
        void run(TargetOptions.Target opened, PrintWriter out) {
            run(opened.accounts(), out);
        }
    }

    /** A subcommand about one user, named by its first parameter. */
    abstract static class Named extends Sub {
        @Parameters(index = "0", paramLabel = "NAME", description = "The user's name.")
        String name;
    }

    /** A password read from the environment, never from the command line (where other users could read it). */
    abstract static class WithPassword extends Named {
        @Option(
                names = "--password-env",
                paramLabel = "VAR",
                description = "The environment variable holding the password (at least 12 characters).")
        String passwordEnv;

        String password(boolean required) {
            if (passwordEnv == null) {
                if (required) {
                    throw new IllegalArgumentException("--password-env VAR is required: the environment variable "
                            + "holding the password (never on the command line)");
                }
                return null;
            }
            String value = System.getenv(passwordEnv);
            if (value == null) {
                throw new IllegalArgumentException(
                        "--password-env: the environment variable " + passwordEnv + " is not set");
            }
            return value;
        }
    }

    @Command(name = "add", description = "Add a user with roles; prints its name and roles.")
    static final class Add extends WithPassword {
        @Option(
                names = "--role",
                required = true,
                split = ",",
                paramLabel = "ROLE",
                description = "submitter, worker or admin; repeat or separate with commas.")
        List<String> roles;

        @Option(names = "--pending-limit", description = "Most tasks pending at once (default: the server's).")
        Integer pendingLimit;

        @Option(names = "--submits-per-minute", description = "Most submissions per minute (default: the server's).")
        Integer submitsPerMinute;

        @Override
        void run(Accounts accounts, PrintWriter out) {
            EnumSet<Role> parsed = EnumSet.noneOf(Role.class);
            roles.forEach(r -> parsed.add(Role.parse(r)));
            Account added =
                    accounts.addAccount(new NewAccount(name, parsed, password(false), pendingLimit, submitsPerMinute));
            out.printf("user %s added (%s)%n", added.name(), roles(added));
        }
    }

    @Command(name = "list", description = "List the users.")
    static final class ListAll extends Sub {
        @Override
        void run(Accounts accounts, PrintWriter out) {
            Table table = new Table("USER", "ROLES", "STATE", "PASSWORD", "PENDING LIMIT", "PER MINUTE", "CREATED");
            for (Account a : accounts.accounts()) {
                table.row(
                        a.name(),
                        roles(a),
                        a.disabled() ? "disabled" : "enabled",
                        a.hasPassword() ? "yes" : "no",
                        a.pendingLimit() == null ? "default" : a.pendingLimit(),
                        a.submitsPerMinute() == null ? "default" : a.submitsPerMinute(),
                        a.createdAt());
            }
            table.print(out);
        }
    }

    @Command(
            name = "token",
            description = "Issue an API token for a user and print it: it is shown this once, then only its id.")
    static final class Token extends Named {
        @Option(names = "--label", description = "What the token is for, shown in listings.")
        String label;

        @Option(
                names = "--valid-for",
                converter = Durations.class,
                description = "How long it is valid, e.g. 90d (default: until revoked).")
        Duration validFor;

        @Override
        void run(Accounts accounts, PrintWriter out) {
            IssuedToken token = accounts.issueToken(name, label, validFor);
            out.println(token.token());
        }
    }

    @Command(name = "tokens", description = "List a user's tokens (ids, never the tokens).")
    static final class Tokens extends Named {
        @Override
        void run(Accounts accounts, PrintWriter out) {
            Table table = new Table("ID", "KIND", "LABEL", "CREATED", "EXPIRES");
            for (TokenInfo t : accounts.tokens(name)) {
                table.row(t.id(), t.kind().wireName(), t.label(), t.createdAt(), t.expiresAt());
            }
            table.print(out);
        }
    }

    @Command(name = "revoke", description = "Revoke one of a user's tokens by its id.")
    static final class Revoke extends Named {
        @Parameters(index = "1", paramLabel = "ID", description = "The token's id, from 'tide user tokens'.")
        String id;

        @Override
        void run(Accounts accounts, PrintWriter out) {
            accounts.revokeToken(name, id);
            out.printf("token %s of %s revoked%n", id, name);
        }
    }

    @Command(name = "disable", description = "Shut a user out: its tokens stop working; its tasks stay.")
    static final class Disable extends Named {
        @Override
        void run(Accounts accounts, PrintWriter out) {
            out.printf("user %s disabled%n", accounts.disable(name).name());
        }
    }

    @Command(name = "enable", description = "Let a disabled user in again.")
    static final class Enable extends Named {
        @Override
        void run(Accounts accounts, PrintWriter out) {
            out.printf("user %s enabled%n", accounts.enable(name).name());
        }
    }

    @Command(name = "password", description = "Set a user's password from --password-env; its sessions end.")
    static final class Password extends WithPassword {
        @Override
        void run(Accounts accounts, PrintWriter out) {
            out.printf(
                    "password of %s set%n",
                    accounts.setPassword(name, password(true)).name());
        }
    }

    /** Limit options that take a number, or {@code none} for no limit of one's own. */
    abstract static class LimitOptions {
        @Option(
                names = "--pending-limit",
                required = true,
                paramLabel = "N|none",
                description = "Most tasks pending at once, across every queue.")
        String pendingLimit;

        @Option(
                names = "--submits-per-minute",
                required = true,
                paramLabel = "N|none",
                description = "Most tasks submitted per minute.")
        String submitsPerMinute;

        static Integer limit(String option, String text) {
            if (text.equalsIgnoreCase("none")) {
                return null;
            }
            try {
                return Integer.valueOf(text);
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(option + ": '" + text + "' is neither a whole number nor none");
            }
        }
    }

    @Command(name = "limits", description = "Set a user's own limits; none gives it the server's default.")
    static final class Limits extends Named {
        @picocli.CommandLine.ArgGroup(exclusive = false, multiplicity = "1")
        Values values = new Values();

        static final class Values extends LimitOptions {}

        @Override
        void run(Accounts accounts, PrintWriter out) {
            Account a = accounts.setLimits(
                    name,
                    LimitOptions.limit("--pending-limit", values.pendingLimit),
                    LimitOptions.limit("--submits-per-minute", values.submitsPerMinute));
            out.printf(
                    "user %s: pending limit %s, submits per minute %s%n",
                    a.name(),
                    a.pendingLimit() == null ? "default" : a.pendingLimit(),
                    a.submitsPerMinute() == null ? "default" : a.submitsPerMinute());
        }
    }

    @Command(
            name = "defaults",
            description = "Show, or set with both options, the limits of users without their own (none: no limit).")
    static final class Defaults extends Sub {
        @picocli.CommandLine.ArgGroup(exclusive = false, multiplicity = "0..1")
        Values values;

        static final class Values extends LimitOptions {}

        @Override
        void run(Accounts accounts, PrintWriter out) {
            AccountDefaults d = values == null
                    ? accounts.accountDefaults()
                    : accounts.setAccountDefaults(new AccountDefaults(
                            LimitOptions.limit("--pending-limit", values.pendingLimit),
                            LimitOptions.limit("--submits-per-minute", values.submitsPerMinute)));
            out.printf(
                    "defaults: pending limit %s, submits per minute %s%n",
                    shown(d.pendingLimit()), shown(d.submitsPerMinute()));
        }
    }

    private static String shown(Integer limit) {
        return limit == null ? "none" : limit.toString();
    }

    private static String roles(Account account) {
        return EnumSet.copyOf(account.roles()).stream().map(Role::wireName).collect(Collectors.joining(","));
    }
}
