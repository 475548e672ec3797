package dev.tide.cli;

import dev.tide.config.LoadedSettings;
import dev.tide.config.SettingsLoader;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code tide config check}: reads the settings as {@code tide server} would, and prints what would apply. */
@Command(
        name = "config",
        description = "The server's settings: tide.yaml, TIDE_ environment variables (docs/operations.md).",
        subcommands = {ConfigCommand.Check.class})
final class ConfigCommand implements Runnable {
    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    @Command(
            name = "check",
            description = "Check the settings of tide server --config FILE and the TIDE_ environment variables, without"
                    + " opening anything, and print the effective settings (every default filled in; secrets appear"
                    + " only as the names of their variables or files). Exit 1 with one line on a bad key or value.")
    static final class Check implements Runnable {
        @Option(names = "--config", paramLabel = "FILE", description = "The settings file, e.g. tide.yaml.")
        Path config;

        @Spec
        picocli.CommandLine.Model.CommandSpec spec;

        @Override
        public void run() {
            LoadedSettings loaded = SettingsLoader.load(config, System.getenv(), List.of());
            PrintWriter err = spec.commandLine().getErr();
            loaded.warnings().forEach(warning -> err.println("warning: " + warning));
            err.flush();
            PrintWriter out = spec.commandLine().getOut();
            out.print(loaded.yaml());
            out.flush();
        }
    }
}
