package dev.tide.cli;

import dev.tide.api.Actor;
import dev.tide.api.TideException;
import java.io.PrintWriter;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The {@code tide} command. Exit codes: 0 done, 1 the operation failed (one readable line on stderr), 2 bad usage;
 * {@code tide cycle} adds 3, ready work remains.
 */
@Command(
        name = "tide",
        mixinStandardHelpOptions = true,
        versionProvider = Version.class,
        description = "A durable, profile-driven task queue: embedded on SQLite, distributed on PostgreSQL.",
        subcommands = {
            ServerCommand.class,
            ConfigCommand.class,
            MigrateCommand.class,
            EnqueueCommand.class,
            StatusCommand.class,
            StatsCommand.class,
            TasksCommand.class,
            TaskCommand.class,
            JobCommand.class,
            CancelCommand.class,
            RetryCommand.class,
            SuspendCommand.Suspend.class,
            SuspendCommand.Resume.class,
            ParkCommand.Park.class,
            ParkCommand.Unpark.class,
            ProfileCommand.class,
            QueueCommand.class,
            ProcessorCommand.class,
            ScheduleCommand.class,
            IntakeCommand.class,
            UserCommand.class,
            CycleCommand.class,
            SimulateCommand.class,
            HelpCommand.class
        })
public final class Main implements Runnable {
    public static final int FAILED = 1;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    public static void main(String[] args) {
        System.exit(run(args));
    }

    /** Runs the command line on the standard streams and returns its exit code. */
    public static int run(String... args) {
        return run(new PrintWriter(System.out, true), new PrintWriter(System.err, true), args);
    }

    /** Runs the command line with the given output streams and returns its exit code. */
    @SuppressWarnings("try") // the Actor.Scope names who acts inside it; never read
    public static int run(PrintWriter out, PrintWriter err, String... args) {
        CommandLine cli = Usage.install(new CommandLine(new Main()).setOut(out).setErr(err));
        cli.setExecutionExceptionHandler((e, commandLine, parseResult) -> {
            commandLine.getErr().println("tide: " + describe(e));
            return FAILED;
        });
        // The event log names who did what: the operating system's user, here and over HTTP (see Actor).
        try (Actor.Scope as = Actor.enter("cli:" + System.getProperty("user.name", "unknown"))) {
            return cli.execute(args);
        }
    }

    private static String describe(Exception e) {
        if (UntrustedCertificate.causedBy(e)) {
            return UntrustedCertificate.describe(e);
        }
        if (e instanceof TideException || e instanceof IllegalArgumentException) {
            return e.getMessage();
        }
        return e.getClass().getSimpleName() + (e.getMessage() == null ? "" : ": " + e.getMessage());
    }

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }
}
