package dev.tide.cli;

import dev.tide.api.Discipline;
import dev.tide.api.QueueDefinition;
import dev.tide.api.QueueInfo;
import dev.tide.api.QueueUser;
import dev.tide.api.TaskQueue;
import dev.tide.api.UserShares;
import dev.tide.api.json.Json;
import java.io.PrintWriter;
import java.util.List;
import java.util.Set;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code tide queue list|set|users|assign|prohibit}: queues' settings, their users' shares and bounds, and the
 * server-wide prohibited users, changed at runtime (seed 004's queue manager beans, on the command line).
 */
@Command(
        name = "queue",
        description =
                "Read and change queues, their users' shares and the prohibited users; changes apply at the next claim.",
        subcommands = {
            QueueCommand.ListQueues.class,
            QueueCommand.SetQueue.class,
            QueueCommand.Users.class,
            QueueCommand.Assign.class,
            QueueCommand.Prohibit.class
        })
final class QueueCommand implements Runnable {
    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    @Command(name = "list", description = "Every defined queue with its settings.")
    static final class ListQueues implements Runnable {
        @Mixin
        TargetOptions target;

        @Option(names = "--json", description = "Print the queues as JSON.")
        boolean json;

        @Spec
        picocli.CommandLine.Model.CommandSpec spec;

        @Override
        public void run() {
            List<QueueInfo> queues;
            try (TargetOptions.Target t = target.open("tide queue list")) {
                queues = t.queue().queues().list();
            }
            PrintWriter out = spec.commandLine().getOut();
            if (json) {
                out.println(Json.write(queues));
            } else if (queues.isEmpty()) {
                out.println("no queues defined");
            } else {
                Table table = new Table(
                        "QUEUE",
                        "DISCIPLINE",
                        "STATE",
                        "ALLOCATION",
                        "CONCURRENCY",
                        "MAX-PENDING",
                        "PER-USER",
                        "PER-KEY",
                        "PROHIBITED");
                for (QueueInfo q : queues) {
                    table.row(
                            q.name(),
                            q.discipline().wireName(),
                            q.suspended() ? "suspended" : "dispatching",
                            q.defaultAllocation(),
                            none(q.defaultConcurrency()),
                            none(q.maxPending()),
                            none(q.maxPendingPerUser()),
                            none(q.maxPendingPerKey()),
                            Settings.cell(q.prohibitedUsers()));
                }
                table.print(out);
            }
            out.flush();
        }
    }

    @Command(name = "set", description = "Create a queue or change some of its settings; the others stay as they are.")
    static final class SetQueue implements Runnable {
        @Mixin
        TargetOptions target;

        @Parameters(paramLabel = "QUEUE", description = "The queue.")
        String name;

        @Option(names = "--discipline", description = "fifo, priority, edf, roulette or fair.")
        String discipline;

        @Option(
                names = "--default-allocation",
                paramLabel = "N",
                description = "A fair queue's tasks per user per round.")
        Integer defaultAllocation;

        @Option(
                names = "--default-concurrency",
                paramLabel = "N|none",
                description = "A fair queue's cap on one user's leases at once.")
        String defaultConcurrency;

        @Option(names = "--max-pending", paramLabel = "N|none", description = "Bound on the queue's pending tasks.")
        String maxPending;

        @Option(
                names = "--max-pending-per-user",
                paramLabel = "N|none",
                description = "Bound on each user's pending tasks (users may have their own: tide queue assign).")
        String maxPendingPerUser;

        @Option(
                names = "--max-pending-per-key",
                paramLabel = "N|none",
                description = "Bound on pending tasks per coalescing key and owner.")
        String maxPendingPerKey;

        @Option(
                names = "--prohibited",
                paramLabel = "USERS|none",
                description =
                        "This queue's own prohibited users (comma-separated), served only to claims requiring them.")
        String prohibited;

        @Spec
        picocli.CommandLine.Model.CommandSpec spec;

        @Override
        public void run() {
            // parsed before anything is opened: bad input writes nothing
            Discipline order = discipline == null ? null : Discipline.parse(discipline);
            Integer concurrency = parsed("--default-concurrency", defaultConcurrency, null);
            Integer pending = parsed("--max-pending", maxPending, null);
            Integer perUser = parsed("--max-pending-per-user", maxPendingPerUser, null);
            Integer perKey = parsed("--max-pending-per-key", maxPendingPerKey, null);
            Set<String> prohibitedUsers = prohibited == null ? null : Settings.names(prohibited);
            try (TargetOptions.Target t = target.open("tide queue set")) {
                TaskQueue tide = t.queue();
                QueueDefinition d = current(tide, name);
                if (order != null) {
                    d = d.withDiscipline(order);
                }
                if (defaultAllocation != null) {
                    d = d.withDefaultAllocation(defaultAllocation);
                }
                if (defaultConcurrency != null) {
                    d = d.withDefaultConcurrency(concurrency);
                }
                d = d.withPendingBounds(
                        maxPending != null ? pending : d.maxPending(),
                        maxPendingPerKey != null ? perKey : d.maxPendingPerKey(),
                        maxPendingPerUser != null ? perUser : d.maxPendingPerUser());
                if (prohibitedUsers != null) {
                    d = d.withProhibitedUsers(prohibitedUsers);
                }
                QueueInfo saved = tide.queues().define(d);
                spec.commandLine().getOut().printf("queue %s: %s%n", saved.name(), describe(saved));
            }
            spec.commandLine().getOut().flush();
        }

        private static Integer parsed(String option, String text, Integer absent) {
            return text == null ? absent : Settings.numberOrNone(option, text);
        }

        private static QueueDefinition current(TaskQueue tide, String name) {
            return tide.queues().list().stream()
                    .filter(q -> q.name().equals(name))
                    .findFirst()
                    .map(QueueInfo::definition)
                    .orElseGet(() -> QueueDefinition.named(name));
        }
    }

    @Command(name = "users", description = "A queue's users with their shares, bounds and leases.")
    static final class Users implements Runnable {
        @Mixin
        TargetOptions target;

        @Parameters(paramLabel = "QUEUE", description = "The queue.")
        String queue;

        @Option(names = "--json", description = "Print the users as JSON.")
        boolean json;

        @Spec
        picocli.CommandLine.Model.CommandSpec spec;

        @Override
        public void run() {
            List<QueueUser> users;
            try (TargetOptions.Target t = target.open("tide queue users")) {
                users = t.queue().queues().users(queue);
            }
            print(spec.commandLine().getOut(), users, json);
        }
    }

    @Command(
            name = "assign",
            description =
                    "Give users their own allocation, concurrency or pending bound (only the options given change),"
                            + " or give them back the queue's defaults with --reset.")
    static final class Assign implements Runnable {
        @Mixin
        TargetOptions target;

        @Parameters(paramLabel = "QUEUE", description = "The queue.")
        String queue;

        @Option(names = "--users", required = true, paramLabel = "USERS", description = "Comma-separated users.")
        String users;

        @Option(
                names = "--allocation",
                paramLabel = "N",
                description = "Tasks per round; 0 leaves them out of the turns.")
        Integer allocation;

        @Option(
                names = "--concurrency",
                paramLabel = "N",
                description = "Leases at once; 0 dispatches none of their tasks.")
        Integer concurrency;

        @Option(
                names = "--max-pending",
                paramLabel = "N",
                description = "Their own bound on pending tasks, in place of the queue's per-user bound.")
        Integer maxPending;

        @Option(names = "--reset", description = "Give them the queue's defaults back (all three).")
        boolean reset;

        @Spec
        picocli.CommandLine.Model.CommandSpec spec;

        @Override
        public void run() {
            boolean given = allocation != null || concurrency != null || maxPending != null;
            if (reset == given) {
                throw new IllegalArgumentException(
                        "give --allocation, --concurrency or --max-pending to change, or --reset, not both");
            }
            UserShares shares = new UserShares(Settings.names(users), allocation, concurrency, maxPending);
            List<QueueUser> saved;
            try (TargetOptions.Target t = target.open("tide queue assign")) {
                saved = reset
                        ? t.queue().queues().assignUsers(queue, shares)
                        : t.queue().queues().adjustUsers(queue, shares);
            }
            print(spec.commandLine().getOut(), saved, false);
        }
    }

    @Command(
            name = "prohibit",
            description = "Replace the server-wide prohibited users (their tasks go only to processors requiring them);"
                    + " without users, show them.")
    static final class Prohibit implements Runnable {
        @Mixin
        TargetOptions target;

        @Parameters(arity = "0..*", paramLabel = "USER", description = "The users (commas or spaces).")
        List<String> users;

        @Option(names = "--none", description = "Prohibit nobody.")
        boolean none;

        @Spec
        picocli.CommandLine.Model.CommandSpec spec;

        @Override
        public void run() {
            if (none && users != null) {
                throw new IllegalArgumentException("--none prohibits nobody; leave out the users");
            }
            Set<String> now;
            try (TargetOptions.Target t = target.open("tide queue prohibit")) {
                if (none) {
                    now = t.queue().queues().prohibitUsers(Set.of());
                } else if (users != null) {
                    now = t.queue().queues().prohibitUsers(Settings.names(String.join(",", users)));
                } else {
                    now = t.queue().queues().prohibitedUsers();
                }
            }
            spec.commandLine()
                    .getOut()
                    .println("prohibited users: "
                            + (now.isEmpty()
                                    ? "none"
                                    : String.join(", ", now.stream().sorted().toList())));
            spec.commandLine().getOut().flush();
        }
    }

    static void print(PrintWriter out, List<QueueUser> users, boolean json) {
        if (json) {
            out.println(Json.write(users));
        } else if (users.isEmpty()) {
            out.println("no users");
        } else {
            Table table = new Table("USER", "ALLOCATION", "CONCURRENCY", "MAX-PENDING", "LEASED", "WAITING");
            for (QueueUser u : users) {
                table.row(
                        u.user(),
                        u.effectiveAllocation() + own(u.allocation()),
                        none(u.effectiveConcurrency()) + own(u.concurrency()),
                        none(u.effectiveMaxPending()) + own(u.maxPending()),
                        u.leased(),
                        u.waiting() ? "yes" : "no");
            }
            table.print(out);
        }
        out.flush();
    }

    private static String describe(QueueInfo q) {
        return q.discipline().wireName() + ", allocation " + q.defaultAllocation() + ", concurrency "
                + none(q.defaultConcurrency()) + ", max pending " + none(q.maxPending()) + " (per user "
                + none(q.maxPendingPerUser()) + ", per key " + none(q.maxPendingPerKey()) + "), prohibited "
                + Settings.cell(q.prohibitedUsers());
    }

    private static String own(Integer value) {
        return value == null ? "" : " (own)";
    }

    private static String none(Integer value) {
        return value == null ? "none" : value.toString();
    }
}
