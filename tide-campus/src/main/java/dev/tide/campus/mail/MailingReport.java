package dev.tide.campus.mail;

import dev.tide.api.JobInfo;
import java.util.List;

/**
 * What the owner of a mailing learns when it ends: how many messages were sent, how many failed, and to whom each failed
 * one was addressed, with the reason.
 *
 * @param failures the failed messages, in task order
 */
public record MailingReport(JobInfo job, List<Failure> failures) {

    /** One message that was not sent: its recipients and why. */
    public record Failure(long taskId, List<String> to, String reason) {}

    public MailingReport {
        failures = List.copyOf(failures);
    }

    public String subject() {
        return "Mailing '" + job.title() + "' " + job.outcome().wireName() + ": " + job.succeeded() + " sent, "
                + job.failed() + " failed";
    }

    public String text() {
        StringBuilder text = new StringBuilder();
        text.append("Your mailing '")
                .append(job.title())
                .append("' (job ")
                .append(job.id())
                .append(") ended at ")
                .append(job.finishedAt())
                .append(".\n\n");
        text.append("Messages: ").append(job.total()).append('\n');
        text.append("Sent: ").append(job.succeeded()).append('\n');
        text.append("Failed: ").append(job.failed()).append('\n');
        if (job.cancelled() > 0) {
            text.append("Cancelled: ").append(job.cancelled()).append('\n');
        }
        if (!failures.isEmpty()) {
            text.append("\nNot sent:\n");
            for (Failure failure : failures) {
                text.append("- ")
                        .append(String.join(", ", failure.to()))
                        .append(": ")
                        .append(failure.reason())
                        .append('\n');
            }
        }
        return text.toString();
    }
}
