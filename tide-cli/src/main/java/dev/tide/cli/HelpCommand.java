package dev.tide.cli;

import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code tide help [COMMAND...]}: the usage of the command the words name, however deep ({@code tide help user limits}
 * is {@code tide user limits --help}). picocli's own help command looks up only the first word.
 */
@Command(name = "help", helpCommand = true, description = "Show the usage of a command: tide help user limits.")
final class HelpCommand implements Runnable {
    @Parameters(paramLabel = "COMMAND", arity = "0..*", description = "The command, and its subcommands, to explain.")
    List<String> words = List.of();

    @Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        // A help command is parsed leniently: picocli keeps unknown words aside instead of refusing them.
        List<String> unmatched = spec.commandLine().getUnmatchedArguments();
        if (!unmatched.isEmpty()) {
            throw new ParameterException(spec.commandLine(), "Unknown option: '" + unmatched.get(0) + "'");
        }
        CommandLine command = spec.parent().commandLine();
        for (String word : words) {
            CommandLine next = command.getSubcommands().get(word);
            if (next == null) {
                throw new ParameterException(
                        command, "Unknown command: '" + word + "' under '" + command.getCommandName() + "'");
            }
            command = next;
        }
        command.usage(spec.commandLine().getOut());
    }
}
