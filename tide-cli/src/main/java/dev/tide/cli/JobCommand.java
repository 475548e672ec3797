package dev.tide.cli;

import dev.tide.api.json.Json;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code tide job ID}: one job as JSON; {@code --cancel} cancels its unfinished tasks. */
@Command(name = "job", description = "Show one job as JSON, or cancel it.")
final class JobCommand implements Runnable {
    @Mixin
    TargetOptions target;

    @Parameters(paramLabel = "ID", description = "Job id.")
    long id;

    @Option(names = "--cancel", description = "Cancel the job's unfinished tasks, giving this reason.")
    String cancelReason;

    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        try (TargetOptions.Target t = target.openToRead("tide job")) {
            var job = cancelReason != null
                    ? t.queue().cancelJob(id, cancelReason)
                    : t.queue().job(id);
            spec.commandLine().getOut().println(Json.write(job));
        }
        spec.commandLine().getOut().flush();
    }
}
