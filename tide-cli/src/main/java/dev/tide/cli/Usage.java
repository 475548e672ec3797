package dev.tide.cli;

import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.UnmatchedArgumentException;

/**
 * How every {@code tide} command answers for its usage: {@code -h}/{@code --help} on each command and subcommand
 * prints that command's own usage (exit 0, required options waived), and a usage error is one line naming the mistake
 * and the help to run (exit 2), not the whole usage.
 */
final class Usage {
    /** The exit code of bad usage, picocli's own. */
    static final int BAD_USAGE = 2;

    private Usage() {}

    /** Gives {@code cli} and every command under it the help options and the one-line usage errors. */
    static CommandLine install(CommandLine cli) {
        addHelpOptions(cli);
        return cli.setParameterExceptionHandler(Usage::oneLine);
    }

    private static void addHelpOptions(CommandLine command) {
        CommandSpec spec = command.getCommandSpec();
        if (spec.optionsMap().get("--help") == null) {
            spec.addOption(OptionSpec.builder("-h", "--help")
                    .usageHelp(true)
                    .description("Show this help and exit.")
                    .build());
        }
        command.getSubcommands().values().forEach(Usage::addHelpOptions);
    }

    /**
     * The mistake to name: an unknown word first (picocli reports a missing required option before it, which hides a
     * misspelt option's name), else picocli's own message, its first line.
     */
    private static String firstMistake(ParameterException e) {
        List<String> unmatched = e.getCommandLine().getUnmatchedArguments();
        if (!(e instanceof UnmatchedArgumentException) && !unmatched.isEmpty()) {
            String word = unmatched.get(0);
            return (word.startsWith("-") ? "Unknown option: '" : "Unmatched argument: '") + word + "'";
        }
        return e.getMessage() == null
                ? "bad usage"
                : e.getMessage().strip().lines().findFirst().orElse("");
    }

    private static int oneLine(ParameterException e, String[] args) {
        CommandLine command = e.getCommandLine();
        String message = firstMistake(e);
        command.getErr()
                .println("tide: " + message + " (see '"
                        + command.getCommandSpec().qualifiedName() + " --help')");
        return BAD_USAGE;
    }
}
