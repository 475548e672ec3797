package dev.tide.cli;

import dev.tide.api.IntakeStatus;
import dev.tide.api.TaskQueue;
import java.io.PrintWriter;
import picocli.CommandLine.Command;
import picocli.CommandLine.Spec;

/**
 * {@code tide intake on|off|status}: switch folder intake on every node at once, without a restart, or show it (see
 * docs/intake.md). Works against {@code --server}, {@code --db}, or the data folder (through its running server).
 */
@Command(
        name = "intake",
        description = "Folder intake (tide server --inbox): switch it on or off on every node, or show its status.",
        subcommands = {IntakeCommand.On.class, IntakeCommand.Off.class, IntakeCommand.Status.class})
final class IntakeCommand implements Runnable {
    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    /** Opens the target, does one thing, prints the status after it. */
    abstract static class Sub extends TargetSubcommand {
        abstract IntakeStatus run(TaskQueue tide);

        @Override
        void run(TargetOptions.Target opened, PrintWriter out) {
            print(run(opened.queue()), out);
        }
    }

    @Command(name = "on", description = "Take files from the inbox again, on every node.")
    static final class On extends Sub {
        @Override
        IntakeStatus run(TaskQueue tide) {
            return tide.intake().switchTo(true);
        }
    }

    @Command(name = "off", description = "Stop taking files from the inbox on every node; they wait where they are.")
    static final class Off extends Sub {
        @Override
        IntakeStatus run(TaskQueue tide) {
            return tide.intake().switchTo(false);
        }
    }

    @Command(name = "status", description = "Whether intake is on, files stored and rejected, the last scan.")
    static final class Status extends Sub {
        @Override
        IntakeStatus run(TaskQueue tide) {
            return tide.intake().status();
        }
    }

    static void print(IntakeStatus status, PrintWriter out) {
        out.printf("folder intake %s%n", status.enabled() ? "on" : "off");
        out.printf("files stored    %d%n", status.filesStored());
        out.printf("files rejected  %d%n", status.filesRejected());
        out.printf("last scan       %s%n", status.lastScanAt() == null ? "never" : status.lastScanAt());
    }
}
