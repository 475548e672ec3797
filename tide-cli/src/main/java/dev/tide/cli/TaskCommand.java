package dev.tide.cli;

import dev.tide.api.json.Json;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code tide task ID}: one task, as JSON. */
@Command(name = "task", description = "Show one task as JSON.")
final class TaskCommand implements Runnable {
    @Mixin
    TargetOptions target;

    @Parameters(paramLabel = "ID", description = "Task id.")
    long id;

    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        try (TargetOptions.Target t = target.openToRead("tide task")) {
            spec.commandLine().getOut().println(Json.write(t.queue().task(id)));
        }
        spec.commandLine().getOut().flush();
    }
}
