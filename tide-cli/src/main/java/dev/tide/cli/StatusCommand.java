package dev.tide.cli;

import dev.tide.api.JobInfo;
import dev.tide.api.StatusReport;
import dev.tide.api.json.Json;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code tide status}: queue depths and job progress. */
@Command(name = "status", description = "Show queue depths and the progress of open jobs.")
final class StatusCommand implements Runnable {
    @Mixin
    TargetOptions target;

    @Option(names = "--json", description = "Print the report as JSON.")
    boolean json;

    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        StatusReport report;
        String where;
        try (TargetOptions.Target t = target.open("tide status")) {
            report = t.queue().status();
            where = t.description();
        }
        var out = spec.commandLine().getOut();
        if (json) {
            out.println(Json.write(report));
            out.flush();
            return;
        }
        out.println("Queues (" + where + ")" + (report.suspended() ? ": dispatch suspended server-wide" : ""));
        Table queues = new Table(
                "QUEUE",
                "SCHEDULED",
                "BLOCKED",
                "READY",
                "LEASED",
                "PARKED",
                "SUCCEEDED",
                "FAILED",
                "CANCELLED",
                "EXPIRED",
                "SUPERSEDED");
        for (StatusReport.QueueDepth q : report.queues()) {
            queues.row(
                    q.queue(),
                    q.scheduled(),
                    q.blocked(),
                    q.ready(),
                    q.leased(),
                    q.parked(),
                    q.succeeded(),
                    q.failed(),
                    q.cancelled(),
                    q.expired(),
                    q.superseded());
        }
        if (queues.isEmpty()) {
            out.println("  no tasks");
        } else {
            queues.print(out);
        }
        out.println();
        out.println("Open jobs");
        Table jobs = new Table("JOB", "TYPE", "TITLE", "OWNER", "DONE", "FAILED", "PENDING", "DEADLINE");
        for (JobInfo j : report.openJobs()) {
            int ended = j.succeeded() + j.failed() + j.cancelled();
            jobs.row(
                    j.id(),
                    j.type(),
                    j.title(),
                    j.owner(),
                    ended + "/" + j.total(),
                    j.failed(),
                    j.pending(),
                    j.deadline());
        }
        if (jobs.isEmpty()) {
            out.println("  none");
        } else {
            jobs.print(out);
        }
        if (!report.outOfRange().isEmpty()) {
            out.println();
            out.println("Stored out of range (bounded where used; define the type again to fix)");
            report.outOfRange().forEach(line -> out.println("  " + line));
        }
        out.flush();
    }
}
