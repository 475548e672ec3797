package dev.tide.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tide.cli.testing.CliRun;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** Every command and subcommand of {@code tide}, found by walking the command tree, answers for its usage. */
class CommandHelpTest {
    /** The words of every command in the tree, the root's (none) first. */
    private static List<List<String>> everyCommand() {
        List<List<String>> found = new ArrayList<>();
        walk(new CommandLine(new Main()), List.of(), found);
        return found;
    }

    private static void walk(CommandLine command, List<String> words, List<List<String>> found) {
        found.add(words);
        command.getSubcommands().forEach((name, sub) -> {
            if (name.equals(sub.getCommandName())) { // aliases lead to the same command
                walk(sub, Stream.concat(words.stream(), Stream.of(name)).toList(), found);
            }
        });
    }

    private static CliRun tide(List<String> words, String... more) {
        return CliRun.of(Stream.concat(words.stream(), Stream.of(more)).toArray(String[]::new));
    }

    private static String qualified(List<String> words) {
        return String.join(" ", Stream.concat(Stream.of("tide"), words.stream()).toList());
    }

    @Test
    void everyCommandAnswersHelpWithItsOwnUsage() {
        List<List<String>> commands = everyCommand();
        assertThat(commands).as("the walk finds nested subcommands").contains(List.of("user", "limits"));
        for (List<String> words : commands) {
            for (String flag : List.of("--help", "-h")) {
                CliRun help = tide(words, flag);
                assertThat(help.code()).as(qualified(words) + " " + flag).isZero();
                assertThat(help.err()).as(qualified(words) + " " + flag).isEmpty();
                assertThat(help.out()).as(qualified(words) + " " + flag).startsWith("Usage: " + qualified(words));
            }
        }
    }

    @Test
    void helpNamesACommandAtAnyDepth() {
        for (List<String> words : everyCommand()) {
            if (words.isEmpty() || words.get(0).equals("help")) {
                continue;
            }
            CliRun help = tide(Stream.concat(Stream.of("help"), words.stream()).toList());
            assertThat(help.code()).as("tide help " + words).isZero();
            assertThat(help.out())
                    .as("tide help " + words)
                    .isEqualTo(tide(words, "--help").out());
        }
        CliRun unknown = CliRun.of("help", "user", "nosuch");
        assertThat(unknown.code()).isEqualTo(2);
        assertThat(unknown.err()).contains("'nosuch'").hasLineCount(1);
    }

    @Test
    void aUsageErrorIsOneLineNamingTheMistakeAndTheHelpToRun() {
        for (List<String> words : everyCommand()) {
            CliRun wrong = tide(words, "--no-such-option");
            assertThat(wrong.code()).as(qualified(words)).isEqualTo(2);
            assertThat(wrong.out()).as(qualified(words)).isEmpty();
            assertThat(wrong.err())
                    .as(qualified(words))
                    .hasLineCount(1)
                    .contains("--no-such-option")
                    .contains("'" + qualified(words) + " --help'");
        }
    }

    @Test
    void aMissingRequiredOptionIsOneLine() {
        CliRun cycle = CliRun.of("cycle");
        assertThat(cycle.code()).isEqualTo(2);
        assertThat(cycle.err()).isEqualTo("tide: Missing required option: '--exec=<exec>' (see 'tide cycle --help')\n");
    }
}
