package dev.tide.cli;

import java.io.PrintWriter;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Spec;

/**
 * The skeleton of a subcommand ({@code tide <command> <subcommand>}): open the target, do one thing with it, print.
 * The target's purpose, which a locked data folder's holder is told, names the two words.
 */
abstract class TargetSubcommand implements Runnable {
    @Mixin
    TargetOptions target;

    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    abstract void run(TargetOptions.Target opened, PrintWriter out);

    @Override
    public void run() {
        PrintWriter out = spec.commandLine().getOut();
        try (TargetOptions.Target opened = target.open("tide " + spec.parent().name() + " " + spec.name())) {
            run(opened, out);
        }
        out.flush();
    }
}
