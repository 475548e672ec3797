package dev.tide.cli;

import dev.tide.api.ActiveProfile;
import dev.tide.api.Profile;
import dev.tide.api.ProfileEntry;
import dev.tide.api.ProfileLimits;
import dev.tide.api.ProfileStatus;
import dev.tide.api.json.Json;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.DayOfWeek;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.StringJoiner;
import java.util.stream.Collectors;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code tide profile set|list|remove|status}: read and change the time-of-week profiles at runtime. */
@Command(
        name = "profile",
        description = "Read and change time-of-week profiles; changes apply from the next claim on every node.",
        subcommands = {
            ProfileCommand.SetProfile.class,
            ProfileCommand.ListProfiles.class,
            ProfileCommand.RemoveProfile.class,
            ProfileCommand.ShowStatus.class
        })
final class ProfileCommand implements Runnable {
    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    @Command(
            name = "set",
            description = "Create or replace a profile, from a JSON file (as the HTTP API takes it) or from options.")
    static final class SetProfile implements Runnable {
        @Mixin
        TargetOptions target;

        static final class Governed {
            @Option(names = "--type", description = "The task type it governs.")
            String taskType;

            @Option(names = "--job-type", description = "The job type whose tasks it governs when their type has none.")
            String jobType;

            @Option(names = "--file", description = "A profile as JSON ('-' for standard input).")
            String file;
        }

        @ArgGroup(multiplicity = "1")
        Governed governed;

        @Option(names = "--zone", description = "Time zone of the entries that name none (default UTC).")
        ZoneId zone;

        @Option(
                names = "--entry",
                paramLabel = "SPEC",
                description =
                        "An entry: 'NAME DAYS FROM-UNTIL key=value...', e.g. 'night mon-fri 22:00-06:00 perHour=1000"
                                + " perSession=50'. Keys: perHour, perSession, concurrency, boost, scale=SIGNAL:MIN:LOW:HIGH,"
                                + " precedence, zone.")
        List<String> entries = new ArrayList<>();

        @Option(
                names = "--default",
                paramLabel = "LIMITS",
                description = "The limits when no entry holds, e.g. 'perHour=100 concurrency=2'; none when left out.")
        String otherwise;

        @Spec
        picocli.CommandLine.Model.CommandSpec spec;

        @Override
        public void run() {
            Profile profile = governed.file != null ? read(governed.file) : fromOptions();
            try (TargetOptions.Target t = target.open("tide profile set")) {
                Profile saved = t.queue().profiles().define(profile);
                PrintWriter out = spec.commandLine().getOut();
                out.println("profile " + saved.key() + " saved with "
                        + saved.entries().size() + " entries");
                out.flush();
            }
        }

        private Profile fromOptions() {
            List<ProfileEntry> parsed = entries.stream().map(ProfileSpec::entry).toList();
            ProfileLimits limits = otherwise == null ? null : ProfileSpec.limits(otherwise);
            return new Profile(governed.taskType, governed.jobType, zone, parsed, limits);
        }

        private Profile read(String file) {
            if (!entries.isEmpty() || otherwise != null || zone != null) {
                throw new IllegalArgumentException(
                        "--file takes the whole profile; leave out --entry, --default and --zone");
            }
            try {
                String json = file.equals("-") ? new String(System.in.readAllBytes()) : Files.readString(Path.of(file));
                return Json.read(json, Profile.class);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read " + file + ": " + e.getMessage(), e);
            }
        }
    }

    @Command(name = "list", description = "Show every profile with its entries.")
    static final class ListProfiles implements Runnable {
        @Mixin
        TargetOptions target;

        @Option(names = "--json", description = "Print the profiles as JSON.")
        boolean json;

        @Spec
        picocli.CommandLine.Model.CommandSpec spec;

        @Override
        public void run() {
            List<Profile> profiles;
            try (TargetOptions.Target t = target.open("tide profile list")) {
                profiles = t.queue().profiles().list();
            }
            PrintWriter out = spec.commandLine().getOut();
            if (json) {
                out.println(Json.write(profiles));
            } else if (profiles.isEmpty()) {
                out.println("no profiles");
            } else {
                Table table = new Table("PROFILE", "ENTRY", "DAYS", "WINDOW", "ZONE", "PRECEDENCE", "LIMITS");
                for (Profile p : profiles) {
                    for (ProfileEntry e : p.entries()) {
                        table.row(
                                p.key(),
                                e.name(),
                                days(e.days()),
                                e.from() + "-" + e.until(),
                                p.zoneOf(e),
                                e.precedence(),
                                describe(e.limits()));
                    }
                    table.row(
                            p.key(),
                            "(default)",
                            "",
                            "",
                            p.zone(),
                            "",
                            p.otherwise() == null ? "no limit" : describe(p.otherwise()));
                }
                table.print(out);
            }
            out.flush();
        }
    }

    @Command(name = "remove", description = "Remove a profile by its key: task:<type> or job:<type>.")
    static final class RemoveProfile implements Runnable {
        @Mixin
        TargetOptions target;

        @Parameters(paramLabel = "KEY", description = "task:<type> or job:<type>")
        String key;

        @Spec
        picocli.CommandLine.Model.CommandSpec spec;

        @Override
        public void run() {
            try (TargetOptions.Target t = target.open("tide profile remove")) {
                t.queue().profiles().delete(key);
            }
            spec.commandLine().getOut().println("profile " + key + " removed");
            spec.commandLine().getOut().flush();
        }
    }

    @Command(name = "status", description = "What each profile allows now and what its hour has used.")
    static final class ShowStatus implements Runnable {
        @Mixin
        TargetOptions target;

        @Spec
        picocli.CommandLine.Model.CommandSpec spec;

        @Override
        public void run() {
            List<ProfileStatus> statuses;
            try (TargetOptions.Target t = target.open("tide profile status")) {
                statuses = t.queue().profiles().status();
            }
            PrintWriter out = spec.commandLine().getOut();
            if (statuses.isEmpty()) {
                out.println("no profiles");
            } else {
                Table table = new Table("PROFILE", "ENTRY", "HOUR", "MAX/HOUR", "USED", "LEASED", "LIMITS");
                for (ProfileStatus s : statuses) {
                    ActiveProfile a = s.active();
                    table.row(
                            a.profileKey(),
                            a.entry() == null ? "(default)" : a.entry(),
                            a.hourStart().atZone(a.zone()).toLocalDateTime() + " " + a.zone(),
                            a.maxPerHour() == null ? "-" : a.maxPerHour(),
                            s.usedThisHour(),
                            s.leased(),
                            describe(a.limits()));
                }
                table.print(out);
            }
            out.flush();
        }
    }

    static String days(Set<DayOfWeek> days) {
        if (days.size() == 7) {
            return "daily";
        }
        return days.stream()
                .sorted()
                .map(d -> d.name().substring(0, 3).toLowerCase(Locale.ROOT))
                .collect(Collectors.joining(","));
    }

    /** Limits in the short form {@code --entry} and {@code --default} take. */
    static String describe(ProfileLimits limits) {
        StringJoiner text = new StringJoiner(" ");
        if (limits.maxPerHour() != null) {
            text.add("perHour=" + limits.maxPerHour());
        }
        if (limits.maxPerSession() != null) {
            text.add("perSession=" + limits.maxPerSession());
        }
        if (limits.concurrency() != null) {
            text.add("concurrency=" + limits.concurrency());
        }
        if (limits.priorityBoost() != null) {
            text.add("boost=" + limits.priorityBoost());
        }
        if (limits.scaling() != null) {
            var s = limits.scaling();
            text.add("scale=" + s.signal() + ":" + s.minPerHour() + ":" + s.low() + ":" + s.high());
        }
        return text.length() == 0 ? "no limit" : text.toString();
    }
}
