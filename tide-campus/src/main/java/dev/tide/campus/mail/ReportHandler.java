package dev.tide.campus.mail;

import dev.tide.api.JobEndNotice;
import dev.tide.api.JobInfo;
import dev.tide.api.Outcome;
import dev.tide.api.TaskInfo;
import dev.tide.api.worker.TaskContext;
import dev.tide.api.worker.TaskHandler;
import dev.tide.campus.JobTasks;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Mails a mailing's owner its report. Runs as the {@code mailing} job type's completion task, which Tide enqueues in
 * the transaction that ends the job: the report survives a restart between the job's end and its sending. A failed
 * send is retried with the task type's backoff.
 */
public final class ReportHandler implements TaskHandler {
    private final SmtpSender sender;

    public ReportHandler(SmtpSender sender) {
        this.sender = sender;
    }

    @Override
    public void handle(TaskContext context) throws Exception {
        JobEndNotice notice = context.payload(JobEndNotice.class);
        JobInfo job = notice.job();
        MailingReport report = new MailingReport(job, failures(context, job.id()));
        try {
            sender.send(context.task().id(), List.of(notice.recipient()), report.subject(), report.text());
        } catch (jakarta.mail.MessagingException e) {
            // retried even on a 5xx: the owner's address was checked when the mailing was queued
            throw new SendDeferred(e);
        }
        context.result(Map.of(
                "reported", notice.recipient(), "failures", report.failures().size()));
    }

    /** The job's messages that failed for good. */
    private static List<MailingReport.Failure> failures(TaskContext context, long jobId) {
        List<MailingReport.Failure> failures = new ArrayList<>();
        for (TaskInfo task : JobTasks.ended(context.queue(), jobId, CampusMailer.MESSAGE, Outcome.FAILED)) {
            MessageTask message = task.payloadAs(MessageTask.class);
            failures.add(new MailingReport.Failure(task.id(), message.to(), JobTasks.reason(task)));
        }
        return failures;
    }
}
