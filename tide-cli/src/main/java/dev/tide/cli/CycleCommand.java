package dev.tide.cli;

import dev.tide.api.json.Json;
import dev.tide.api.worker.HandlerRegistry;
import dev.tide.core.Tide;
import dev.tide.core.cycle.CycleReport;
import dev.tide.core.cycle.QueueClient;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code tide cycle}: one processing cycle, then exit, for hosts where the operating system's cron drives the work
 * (seed 000's setting: shared hosting with time and memory limits). Exit codes: 0 the cycle is done and no ready work
 * remains; {@value #WORK_REMAINS} ready work remains (call again sooner); 1 it failed; 2 bad usage.
 */
@Command(
        name = "cycle",
        description = {
            "Run one processing cycle of a queue and exit: claim as one session until nothing is ready, the profiles'"
                    + " session budget or hourly limit is spent, or --max-duration passes; run each task with"
                    + " --exec (payload on standard input, exit 0 = success, 65 = failed for good, else retried).",
            "Exit codes: 0 = done, no ready work remains; 3 = ready work remains; 1 = error; 2 = bad usage."
        })
final class CycleCommand implements Callable<Integer> {
    /** The exit code that says ready work remains (distinct from 1, failure, and 2, bad usage). */
    static final int WORK_REMAINS = 3;

    @Mixin
    TargetOptions target;

    @Option(
            names = "--queue",
            defaultValue = "default",
            description = "Queue to take from (default: ${DEFAULT-VALUE}).")
    String queue;

    @Option(names = "--types", split = ",", description = "Only these task types (comma-separated); default: any.")
    Set<String> types;

    @Option(
            names = "--exec",
            required = true,
            description = "Command run per task by /bin/sh -c, e.g. 'php enroll.php'; the payload is on its"
                    + " standard input and TIDE_TASK_ID, TIDE_TASK_TYPE, TIDE_TASK_ATTEMPT, TIDE_TASK_BUDGET,"
                    + " TIDE_JOB_ID in its environment.")
    String exec;

    @Option(
            names = "--max-duration",
            defaultValue = "50s",
            converter = Durations.class,
            description = "Start no task after this long (default: ${DEFAULT-VALUE}); keep it under the host's limit.")
    Duration maxDuration;

    @Option(names = "--limit", description = "At most this many tasks in this cycle.")
    Integer limit;

    @Option(names = "--batch", defaultValue = "10", description = "Tasks per claim (default: ${DEFAULT-VALUE}).")
    int batch;

    @Option(
            names = "--name",
            defaultValue = "cycle",
            description = "The queue client's name, in leases and sessions (default: ${DEFAULT-VALUE}).")
    String name;

    @Option(names = "--json", description = "Print the cycle's report as JSON.")
    boolean json;

    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        QueueClient client = client();
        CycleReport report;
        try (Tide tide = target.openEngine("tide cycle")) {
            // No other process promotes due tasks or reclaims expired leases in this setting: the cycle does it first.
            tide.passes().runMaintenance();
            tide.passes().runDeadlineMonitor();
            report = tide.cycles().runOnce(client);
        }
        print(report, spec.commandLine().getOut());
        return report.workRemains() ? WORK_REMAINS : 0;
    }

    /** The queue client the options describe; a bad value is bad usage (exit 2), found before the store is opened. */
    private QueueClient client() {
        try {
            return QueueClient.builder(name)
                    .queue(queue)
                    .types(types)
                    .maxDuration(maxDuration)
                    .maxTasks(limit)
                    .claimBatch(batch)
                    .handlers(HandlerRegistry.builder()
                            .anyType(new ExecHandler(exec))
                            .build())
                    .build();
        } catch (RuntimeException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage(), e);
        }
    }

    private void print(CycleReport r, PrintWriter out) {
        if (json) {
            out.println(Json.write(r));
            out.flush();
            return;
        }
        double seconds = Duration.between(r.startedAt(), r.endedAt()).toMillis() / 1000.0;
        out.printf(
                "cycle %s: claimed %d, succeeded %d, failed %d, released %d, units used %d in %.1f s%n",
                r.client(), r.claimed(), r.succeeded(), r.failed(), r.released(), r.unitsUsed(), seconds);
        out.println("stopped: " + r.stoppedBecause().text());
        if (r.workRemains()) {
            out.println("remaining: " + r.readyRemaining() + " ready, due " + due(r));
        } else if (r.nextDueAt() != null) {
            out.println("remaining: none ready; next task due at " + r.nextDueAt());
        } else {
            out.println("remaining: nothing waiting");
        }
        out.flush();
    }

    private static String due(CycleReport r) {
        return r.nextDueAt().isAfter(r.endedAt()) ? "at " + r.nextDueAt() : "now";
    }
}
