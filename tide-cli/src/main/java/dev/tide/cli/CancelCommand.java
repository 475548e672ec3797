package dev.tide.cli;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code tide cancel ID}: ends an unfinished task as cancelled. */
@Command(name = "cancel", description = "Cancel an unfinished task.")
final class CancelCommand implements Runnable {
    @Mixin
    TargetOptions target;

    @Parameters(paramLabel = "ID", description = "Task id.")
    long id;

    @Option(names = "--reason", description = "Why; kept as the task's message.")
    String reason;

    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        try (TargetOptions.Target t = target.open("tide cancel")) {
            var task = t.queue().cancel(id, reason);
            spec.commandLine().getOut().printf("task %d %s%n", task.id(), task.status());
        }
        spec.commandLine().getOut().flush();
    }
}
