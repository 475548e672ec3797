package dev.tide.cli;

import dev.tide.api.JobInfo;
import dev.tide.api.QueueInfo;
import dev.tide.api.StatusReport;
import dev.tide.api.Warning;
import dev.tide.api.json.Json;
import java.util.List;
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
        List<String> suspendedQueues;
        try (TargetOptions.Target t = target.openToRead("tide status")) {
            report = t.queue().monitoring().status();
            where = t.description();
            suspendedQueues = t.queue().queues().list().stream()
                    .filter(QueueInfo::suspended)
                    .map(QueueInfo::name)
                    .toList();
        }
        var out = spec.commandLine().getOut();
        if (json) {
            out.println(Json.write(report));
            out.flush();
            return;
        }
        for (Warning w : report.warnings()) {
            out.println("warning: " + w.message());
        }
        if (!report.warnings().isEmpty()) {
            out.println();
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
        if (!suspendedQueues.isEmpty()) {
            // A suspended queue takes tasks but hands none out: the first thing to check when nothing runs.
            out.println("  suspended, no task is claimed from: " + String.join(", ", suspendedQueues)
                    + " (tide resume QUEUE)");
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
        out.flush();
    }
}
