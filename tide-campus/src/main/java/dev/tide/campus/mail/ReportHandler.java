package dev.tide.campus.mail;

import dev.tide.api.JobEndNotice;
import dev.tide.api.JobInfo;
import dev.tide.api.Outcome;
import dev.tide.api.Page;
import dev.tide.api.TaskInfo;
import dev.tide.api.TaskQuery;
import dev.tide.api.worker.TaskContext;
import dev.tide.api.worker.TaskHandler;
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
            sender.send(List.of(notice.recipient()), report.subject(), report.text());
        } catch (jakarta.mail.MessagingException e) {
            // retried even on a 5xx: the owner's address was checked when the mailing was queued
            throw new SendDeferred(e);
        }
        context.result(Map.of(
                "reported", notice.recipient(), "failures", report.failures().size()));
    }

    /**
     * Why a message failed, for its sender: the task's message without the name of the exception the handler threw
     * (Tide keeps it for operators), e.g. {@code 550 5.1.1 <x@y>: no such mailbox}.
     */
    static String reason(TaskInfo task) {
        String text = task.message();
        if (text == null || text.isBlank()) {
            return "no reason recorded";
        }
        return text.replaceFirst("^(TaskFailure|SendDeferred): ", "");
    }

    /** The job's messages that failed for good, read page by page. */
    private static List<MailingReport.Failure> failures(TaskContext context, long jobId) {
        List<MailingReport.Failure> failures = new ArrayList<>();
        TaskQuery query = TaskQuery.all()
                .withJob(jobId)
                .withType(CampusMailer.MESSAGE)
                .withOutcome(Outcome.FAILED)
                .withLimit(TaskQuery.MAX_LIMIT);
        while (true) {
            Page<TaskInfo> page = context.queue().tasks(query);
            for (TaskInfo task : page.items()) {
                MessageTask message = task.payloadAs(MessageTask.class);
                failures.add(new MailingReport.Failure(task.id(), message.to(), reason(task)));
            }
            if (page.nextCursor() == null) {
                return failures;
            }
            query = query.withCursor(page.nextCursor());
        }
    }
}
