package dev.tide.cli;

import dev.tide.api.TaskQueue;
import dev.tide.api.TaskSelection;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code tide park} and {@code tide unpark}: set waiting tasks aside so no worker takes them, and bring them back;
 * by id, by owner, by the time they were received, or several of these at once (all must hold).
 */
abstract sealed class ParkCommand implements Runnable {
    @Mixin
    TargetOptions target;

    @Option(names = "--id", split = ",", paramLabel = "ID", description = "Task ids (comma-separated).")
    List<Long> ids = new ArrayList<>();

    @Option(names = "--owner", description = "The tasks of this user.")
    String owner;

    @Option(names = "--queue", description = "Only tasks of this queue.")
    String queue;

    @Option(
            names = "--received-from",
            converter = Instants.class,
            description = "Tasks enqueued at or after this time (ISO-8601).")
    Instant receivedFrom;

    @Option(
            names = "--received-to",
            converter = Instants.class,
            description = "Tasks enqueued before this time (ISO-8601).")
    Instant receivedTo;

    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    abstract String verb();

    abstract int apply(TaskQueue tide, TaskSelection selection);

    @Override
    public void run() {
        TaskSelection selection = new TaskSelection(ids, owner, queue, receivedFrom, receivedTo);
        try (TargetOptions.Target t = target.open("tide " + verb())) {
            int n = apply(t.queue(), selection);
            spec.commandLine().getOut().printf("%sed %d task%s%n", verb(), n, n == 1 ? "" : "s");
        }
        spec.commandLine().getOut().flush();
    }

    @Command(name = "park", description = "Set waiting tasks aside: no worker takes them until they are unparked.")
    static final class Park extends ParkCommand {
        @Override
        String verb() {
            return "park";
        }

        @Override
        int apply(TaskQueue tide, TaskSelection selection) {
            return tide.park(selection);
        }
    }

    @Command(name = "unpark", description = "Return parked tasks to waiting (blocked, scheduled or ready).")
    static final class Unpark extends ParkCommand {
        @Override
        String verb() {
            return "unpark";
        }

        @Override
        int apply(TaskQueue tide, TaskSelection selection) {
            return tide.unpark(selection);
        }
    }
}
