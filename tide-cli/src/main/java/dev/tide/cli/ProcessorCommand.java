package dev.tide.cli;

import dev.tide.api.ProcessorDefinition;
import dev.tide.api.ProcessorInfo;
import dev.tide.api.ProcessorKind;
import dev.tide.api.ProcessorRun;
import dev.tide.api.UserFilter;
import dev.tide.api.json.Json;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code tide processor define|start|stop|list|show|remove}: seed 004's Submission Processors, defined and run at
 * runtime. A local processor runs handlers from the servers' plugins; a remote one is a filter set remote workers claim
 * under.
 */
@Command(
        name = "processor",
        description =
                "Define, start, stop and watch processors; changes apply on every node within a couple of seconds.",
        subcommands = {
            ProcessorCommand.Define.class,
            ProcessorCommand.Start.class,
            ProcessorCommand.Stop.class,
            ProcessorCommand.ListProcessors.class,
            ProcessorCommand.Show.class,
            ProcessorCommand.Remove.class
        })
final class ProcessorCommand implements Runnable {
    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    @Command(
            name = "define",
            description = "Create or replace a processor, from options or a JSON file; a new one is stopped, a replaced"
                    + " one keeps its state.")
    static final class Define implements Runnable {
        @Mixin
        TargetOptions target;

        @Parameters(paramLabel = "NAME", description = "The processor.")
        String name;

        @Option(names = "--remote", description = "A filter set for remote workers, not handlers run in the servers.")
        boolean remote;

        @Option(names = "--queue", description = "The queue it takes from (default: default).")
        String queue;

        @Option(names = "--types", paramLabel = "TYPES", description = "Comma-separated task types; any when left out.")
        String types;

        @Option(names = "--require", paramLabel = "USERS", description = "Only these users' tasks (comma-separated).")
        String required;

        @Option(names = "--exclude", paramLabel = "USERS", description = "Never these users' tasks.")
        String excluded;

        @Option(names = "--prefer", paramLabel = "USERS", description = "These users' tasks first, in this order.")
        String preferred;

        @Option(names = "--max-size", paramLabel = "BYTES", description = "The largest payload it takes.")
        Long maxPayloadBytes;

        @Option(
                names = "--threads",
                paramLabel = "N",
                description = "A local processor's handlers per node (default 1).")
        Integer threads;

        @Option(
                names = "--nodes",
                paramLabel = "NODES",
                description = "The nodes that run a local processor; all when left out.")
        String nodes;

        @Option(
                names = "--file",
                description = "The definition as JSON ('-' for standard input), as the HTTP API takes it.")
        String file;

        @Spec
        picocli.CommandLine.Model.CommandSpec spec;

        @Override
        public void run() {
            ProcessorDefinition definition = file != null ? read() : fromOptions();
            try (TargetOptions.Target t = target.open("tide processor define")) {
                ProcessorInfo saved = t.queue().processors().define(definition);
                spec.commandLine()
                        .getOut()
                        .printf("processor %s defined (%s)%n", saved.name(), saved.started() ? "started" : "stopped");
            }
            spec.commandLine().getOut().flush();
        }

        private ProcessorDefinition fromOptions() {
            return new ProcessorDefinition(
                    name,
                    remote ? ProcessorKind.REMOTE : ProcessorKind.LOCAL,
                    queue,
                    types == null ? Set.of() : Settings.names(types),
                    new UserFilter(
                            required == null ? Set.of() : Settings.names(required),
                            excluded == null ? Set.of() : Settings.names(excluded),
                            preferred == null ? List.of() : List.copyOf(Settings.names(preferred))),
                    maxPayloadBytes,
                    threads,
                    nodes == null ? Set.of() : Settings.names(nodes));
        }

        private ProcessorDefinition read() {
            if (remote
                    || queue != null
                    || types != null
                    || required != null
                    || excluded != null
                    || preferred != null
                    || maxPayloadBytes != null
                    || threads != null
                    || nodes != null) {
                throw new IllegalArgumentException("--file takes the whole definition; leave out the other options");
            }
            try {
                String json = file.equals("-") ? new String(System.in.readAllBytes()) : Files.readString(Path.of(file));
                ProcessorDefinition read = Json.read(json, ProcessorDefinition.class);
                return new ProcessorDefinition(
                        name,
                        read.kind(),
                        read.queue(),
                        read.types(),
                        read.users(),
                        read.maxPayloadBytes(),
                        read.threads(),
                        read.nodes());
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read " + file + ": " + e.getMessage(), e);
            }
        }
    }

    /** A subcommand about one processor, named by its parameter. */
    abstract static class Named extends TargetSubcommand {
        @Parameters(paramLabel = "NAME")
        String name;
    }

    @Command(name = "start", description = "Start a processor on every node.")
    static final class Start extends Named {
        @Override
        void run(TargetOptions.Target opened, PrintWriter out) {
            opened.queue().processors().start(name);
            out.println("processor " + name + " started");
        }
    }

    @Command(name = "stop", description = "Stop a processor on every node; its tasks wait.")
    static final class Stop extends Named {
        @Override
        void run(TargetOptions.Target opened, PrintWriter out) {
            opened.queue().processors().stop(name);
            out.println("processor " + name + " stopped");
        }
    }

    @Command(name = "remove", description = "Remove a processor, stopping it.")
    static final class Remove extends Named {
        @Override
        void run(TargetOptions.Target opened, PrintWriter out) {
            opened.queue().processors().delete(name);
            out.println("processor " + name + " removed");
        }
    }

    @Command(name = "show", description = "One processor as JSON: its definition and each node's report.")
    static final class Show extends Named {
        @Override
        void run(TargetOptions.Target opened, PrintWriter out) {
            out.println(Json.write(opened.queue().processors().get(name)));
        }
    }

    @Command(
            name = "list",
            description =
                    "Every processor and what it does on each node: state, threads, running tasks, counts, last error.")
    static final class ListProcessors extends TargetSubcommand {
        @Option(names = "--json", description = "Print the processors as JSON.")
        boolean json;

        @Override
        void run(TargetOptions.Target opened, PrintWriter out) {
            List<ProcessorInfo> processors = opened.queue().processors().list();
            if (json) {
                out.println(Json.write(processors));
            } else if (processors.isEmpty()) {
                out.println("no processors");
            } else {
                Table table = new Table(
                        "PROCESSOR",
                        "KIND",
                        "QUEUE",
                        "FILTER",
                        "STARTED",
                        "NODE",
                        "STATE",
                        "THREADS",
                        "RUNNING",
                        "CLAIMED",
                        "DONE",
                        "FAILED",
                        "LAST ERROR");
                for (ProcessorInfo p : processors) {
                    List<ProcessorRun> runs = p.runs().isEmpty() ? java.util.Collections.singletonList(null) : p.runs();
                    for (ProcessorRun r : runs) {
                        table.row(
                                p.name(),
                                p.processor().kind().wireName(),
                                p.processor().queue(),
                                filter(p.processor()),
                                p.started() ? "yes" : "no",
                                r == null ? "-" : r.node(),
                                r == null ? "-" : r.state().wireName(),
                                r == null ? "" : r.threads(),
                                r == null
                                        ? ""
                                        : Settings.cell(r.running().stream()
                                                .map(String::valueOf)
                                                .toList()),
                                r == null ? "" : r.claimed(),
                                r == null || r.succeeded() == null ? "" : r.succeeded(),
                                r == null || r.failed() == null ? "" : r.failed(),
                                r == null || r.lastError() == null ? "" : r.lastError());
                    }
                }
                table.print(out);
            }
        }

        /** The definition's selection in short: types, users, size. */
        private static String filter(ProcessorDefinition d) {
            StringBuilder text = new StringBuilder();
            if (!d.types().isEmpty()) {
                text.append("types=")
                        .append(String.join(",", d.types().stream().sorted().toList()))
                        .append(' ');
            }
            UserFilter users = d.users();
            if (!users.required().isEmpty()) {
                text.append("require=")
                        .append(String.join(
                                ",", users.required().stream().sorted().toList()))
                        .append(' ');
            }
            if (!users.excluded().isEmpty()) {
                text.append("exclude=")
                        .append(String.join(
                                ",", users.excluded().stream().sorted().toList()))
                        .append(' ');
            }
            if (!users.preferred().isEmpty()) {
                text.append("prefer=")
                        .append(String.join(",", users.preferred()))
                        .append(' ');
            }
            if (d.maxPayloadBytes() != null) {
                text.append("max-size=").append(d.maxPayloadBytes()).append(' ');
            }
            return text.isEmpty() ? "any" : text.toString().strip();
        }
    }
}
