package dev.tide.cli;

import dev.tide.api.InvalidRequestException;
import dev.tide.api.Misfire;
import dev.tide.api.NewTask;
import dev.tide.api.Schedule;
import dev.tide.api.ScheduleInfo;
import dev.tide.api.TaskQueue;
import java.io.PrintWriter;
import java.time.DateTimeException;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.util.List;
import java.util.function.Function;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code tide schedule set|list|show|pause|resume|remove}: recurring tasks fired from cron expressions (see
 * docs/recurring.md).
 */
@Command(
        name = "schedule",
        description = "Recurring tasks from cron expressions: set, list, show, pause, resume, remove.",
        subcommands = {
            ScheduleCommand.Set.class,
            ScheduleCommand.ListAll.class,
            ScheduleCommand.Show.class,
            ScheduleCommand.Pause.class,
            ScheduleCommand.Resume.class,
            ScheduleCommand.Remove.class
        })
final class ScheduleCommand implements Runnable {
    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    /** The skeleton of every subcommand: open the target, do one thing, print. */
    abstract static class Sub extends TargetSubcommand {
        abstract void run(TaskQueue tide, PrintWriter out);

        @Override
        void run(TargetOptions.Target opened, PrintWriter out) {
            run(opened.queue(), out);
        }
    }

    /** A subcommand about one schedule, named by its first parameter. */
    abstract static class Named extends Sub {
        @Parameters(index = "0", paramLabel = "NAME", description = "The schedule's name.")
        String name;
    }

    @Command(name = "set", description = "Create or replace a schedule.")
    static final class Set extends Named {
        @Option(
                names = "--cron",
                required = true,
                description = "Five fields (minute hour day-of-month month day-of-week) or six with seconds first;"
                        + " or @hourly, @daily, @weekly, @monthly, @yearly.")
        String cron;

        @Option(
                names = "--zone",
                description = "Time zone the expression is read in (default UTC), e.g. Europe/Berlin.")
        String zone;

        @Option(names = "--type", required = true, description = "Task type of each instance.")
        String type;

        @Option(names = "--queue", description = "Queue of each instance (default: default).")
        String queue;

        @Option(names = "--payload", description = "Payload of each instance, as JSON.")
        String payload;

        @Option(names = "--owner", description = "User each instance runs for.")
        String owner;

        @Option(names = "--priority", description = "Priority of each instance.")
        Integer priority;

        @Option(names = "--max-attempts", description = "Attempts before an instance fails for good.")
        Integer maxAttempts;

        @Option(
                names = "--misfire",
                description = "Firings missed by more than the grace: skip, once (default: one for the latest), all.")
        String misfire;

        @Option(
                names = "--grace",
                converter = Durations.class,
                description = "How late a firing may be and still fire on time (default 1m).")
        Duration grace;

        @Option(
                names = "--window",
                converter = Durations.class,
                description = "Each instance's deadline is its firing plus this.")
        Duration window;

        @Option(
                names = "--expire-after",
                converter = Durations.class,
                description = "An instance still waiting this long after its firing expires.")
        Duration expireAfter;

        @Option(names = "--paused", description = "Create it paused (a replacement keeps its state otherwise).")
        boolean paused;

        @Override
        void run(TaskQueue tide, PrintWriter out) {
            NewTask.Builder task =
                    NewTask.builder(type).queue(queue).payloadJson(payload).owner(owner);
            if (priority != null) {
                task.priority(priority);
            }
            if (maxAttempts != null) {
                task.maxAttempts(maxAttempts);
            }
            Schedule schedule = new Schedule(
                    name,
                    cron,
                    zone(zone),
                    task.build(),
                    Misfire.parse(misfire),
                    grace,
                    window,
                    expireAfter,
                    paused ? Boolean.TRUE : null);
            ScheduleInfo info = tide.schedules().define(schedule);
            out.printf("schedule %s %s%n", info.name(), state(info));
        }
    }

    @Command(name = "list", description = "All schedules: expression, zone, policy, state, next and last firing.")
    static final class ListAll extends Sub {
        @Override
        void run(TaskQueue tide, PrintWriter out) {
            Table table = new Table("NAME", "CRON", "ZONE", "MISFIRE", "STATE", "NEXT", "LAST", "TYPE", "QUEUE");
            for (ScheduleInfo s : tide.schedules().list()) {
                NewTask task = s.schedule().task();
                table.row(
                        s.name(),
                        s.schedule().cron(),
                        s.schedule().zone(),
                        s.schedule().misfire().wireName(),
                        s.paused() ? "paused" : "running",
                        s.nextFireAt(),
                        s.lastFiredAt(),
                        task.type(),
                        task.queue() == null ? NewTask.DEFAULT_QUEUE : task.queue());
            }
            if (table.isEmpty()) {
                out.println("no schedules");
            } else {
                table.print(out);
            }
        }
    }

    @Command(name = "show", description = "One schedule and its next firings.")
    static final class Show extends Named {
        @Option(names = "--count", defaultValue = "5", description = "How many upcoming firings (default 5).")
        int count;

        @Override
        void run(TaskQueue tide, PrintWriter out) {
            ScheduleInfo info = tide.schedules().get(name);
            Schedule s = info.schedule();
            out.printf("schedule %s %s%n", info.name(), state(info));
            out.printf("cron      %s (%s)%n", s.cron(), s.zone());
            out.printf("misfire   %s, grace %s%n", s.misfire().wireName(), s.misfireGrace());
            print(out, "window", s.window(), Function.identity());
            print(out, "expires", s.expireAfter(), d -> d + " after its firing");
            out.printf("task      %s%n", dev.tide.api.json.Json.write(s.task()));
            print(out, "last", info.lastFiredAt(), at -> at + " (task " + info.lastTaskId() + ")");
            List<Instant> upcoming = tide.schedules().firings(name, count);
            out.printf("upcoming  %s%n", upcoming.isEmpty() ? "none" : upcoming.get(0));
            upcoming.stream().skip(1).forEach(at -> out.printf("          %s%n", at));
        }

        private static <T> void print(PrintWriter out, String label, T value, Function<T, Object> text) {
            if (value != null) {
                out.printf("%-9s %s%n", label, text.apply(value));
            }
        }
    }

    @Command(name = "pause", description = "Hold a schedule's firings back on every node.")
    static final class Pause extends Named {
        @Override
        void run(TaskQueue tide, PrintWriter out) {
            out.printf("schedule %s %s%n", name, state(tide.schedules().pause(name)));
        }
    }

    @Command(name = "resume", description = "Let a paused schedule fire again, from its next firing after now.")
    static final class Resume extends Named {
        @Override
        void run(TaskQueue tide, PrintWriter out) {
            out.printf("schedule %s %s%n", name, state(tide.schedules().resume(name)));
        }
    }

    @Command(name = "remove", description = "Remove a schedule; the tasks it enqueued stay.")
    static final class Remove extends Named {
        @Override
        void run(TaskQueue tide, PrintWriter out) {
            tide.schedules().delete(name);
            out.printf("schedule %s removed%n", name);
        }
    }

    private static String state(ScheduleInfo info) {
        return info.paused() ? "paused" : "fires next at " + info.nextFireAt();
    }

    private static ZoneId zone(String text) {
        if (text == null) {
            return null;
        }
        try {
            return ZoneId.of(text);
        } catch (DateTimeException e) {
            throw new InvalidRequestException("zone", "'" + text + "' is not a known time zone");
        }
    }
}
