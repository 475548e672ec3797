package dev.tide.campus.enroll;

import dev.tide.api.JobEndNotice;
import dev.tide.api.JobInfo;
import dev.tide.api.Outcome;
import dev.tide.api.TaskInfo;
import dev.tide.api.json.Json;
import dev.tide.api.worker.TaskContext;
import dev.tide.api.worker.TaskHandler;
import dev.tide.campus.JobTasks;
import dev.tide.campus.mail.SendDeferred;
import dev.tide.campus.mail.SmtpSender;
import jakarta.mail.MessagingException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/**
 * Mails an import's uploader its report (seed 000: one email with the errors at the end). Runs as the
 * {@code enrollment-import} job type's completion task, which Tide enqueues in the transaction that ends the job, so it
 * survives a restart in between. It deletes the upload first (every line is done with it; deleting twice is harmless)
 * and then sends; a failed send is retried with the task type's backoff, as the mailer's report is.
 */
final class ImportReportHandler implements TaskHandler {
    private final UploadFolder uploads;
    private final ImportCounts counts;
    private final SmtpSender sender;

    ImportReportHandler(UploadFolder uploads, ImportCounts counts, SmtpSender sender) {
        this.uploads = uploads;
        this.counts = counts;
        this.sender = sender;
    }

    @Override
    public void handle(TaskContext context) throws Exception {
        JobEndNotice notice = context.payload(JobEndNotice.class);
        JobInfo job = notice.job();
        ImportCursor cursor = Json.read(job.info(), ImportCursor.class);
        deleteUpload(cursor.file());
        List<LineError> rejected = rejected(context, job.id());
        ImportReport report = new ImportReport(
                job, cursor.fileName(), cursor.lines(), counts.enrolled(job.id()), rejected, unread(context, job));
        try {
            sender.send(context.task().id(), List.of(notice.recipient()), report.subject(), report.text());
        } catch (MessagingException e) {
            // retried even on a 5xx: the uploader's address was checked when the file was queued
            throw new SendDeferred(e);
        }
        context.result(Map.of("reported", notice.recipient(), "rejected", rejected.size()));
    }

    private void deleteUpload(String file) {
        try {
            uploads.delete(file);
        } catch (IllegalArgumentException e) {
            // a name outside the folder is nothing of the import's to delete; the report says the file was not read
        }
    }

    /** The job's rejected lines, in file order. */
    private static List<LineError> rejected(TaskContext context, long jobId) {
        List<LineError> errors = new ArrayList<>();
        for (TaskInfo task : JobTasks.ended(context.queue(), jobId, CampusEnrollment.ENROLLMENT, Outcome.FAILED)) {
            errors.add(lineError(task));
        }
        errors.sort(Comparator.comparingInt(LineError::line));
        return errors;
    }

    static LineError lineError(TaskInfo task) {
        EnrollmentLine line = task.payloadAs(EnrollmentLine.class);
        return new LineError(line.line(), line.student(), line.section(), JobTasks.reason(task));
    }

    /** Why the file-read task stopped before the end, if it failed (the upload removed by hand, say). */
    private static String unread(TaskContext context, JobInfo job) {
        List<TaskInfo> failed = JobTasks.ended(context.queue(), job.id(), CampusEnrollment.FILE_READ, Outcome.FAILED);
        return failed.isEmpty() ? null : JobTasks.reason(failed.get(0));
    }
}
