package dev.tide.cli;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code tide retry ID}: a failed or cancelled task runs again, its attempts reset. */
@Command(name = "retry", description = "Retry a failed or cancelled task by hand.")
final class RetryCommand implements Runnable {
    @Mixin
    TargetOptions target;

    @Parameters(paramLabel = "ID", description = "Task id.")
    long id;

    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        try (TargetOptions.Target t = target.open("tide retry")) {
            var task = t.queue().retry(id);
            spec.commandLine().getOut().printf("task %d %s%n", task.id(), task.status());
        }
        spec.commandLine().getOut().flush();
    }
}
