package dev.tide.cli;

import dev.tide.api.TaskQueue;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code tide suspend [QUEUE]} and {@code tide resume [QUEUE]}: stop or restart dispatch from one queue, or from every
 * queue at once when none is named. Tasks are accepted meanwhile.
 */
abstract sealed class SuspendCommand implements Runnable {
    @Mixin
    TargetOptions target;

    @Parameters(arity = "0..1", paramLabel = "QUEUE", description = "The queue; every queue when left out.")
    String queue;

    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    abstract boolean suspend();

    @Override
    public void run() {
        try (TargetOptions.Target t = target.open("tide " + (suspend() ? "suspend" : "resume"))) {
            TaskQueue tide = t.queue();
            boolean suspended;
            String what;
            if (queue == null) {
                suspended =
                        (suspend() ? tide.queues().suspendAll() : tide.queues().resumeAll()).suspended();
                what = "server";
            } else {
                suspended = (suspend()
                                ? tide.queues().suspend(queue)
                                : tide.queues().resume(queue))
                        .suspended();
                what = "queue " + queue;
            }
            spec.commandLine().getOut().printf("%s %s%n", what, suspended ? "suspended" : "dispatching");
        }
        spec.commandLine().getOut().flush();
    }

    @Command(name = "suspend", description = "Stop dispatch from a queue, or from every queue; tasks still arrive.")
    static final class Suspend extends SuspendCommand {
        @Override
        boolean suspend() {
            return true;
        }
    }

    @Command(name = "resume", description = "Let a suspended queue, or the whole server, dispatch again.")
    static final class Resume extends SuspendCommand {
        @Override
        boolean suspend() {
            return false;
        }
    }
}
