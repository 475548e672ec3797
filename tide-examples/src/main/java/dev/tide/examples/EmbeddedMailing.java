package dev.tide.examples;

import dev.tide.api.JobInfo;
import dev.tide.api.JobType;
import dev.tide.api.NewJob;
import dev.tide.api.NewTask;
import dev.tide.api.RetryBackoff;
import dev.tide.api.TaskType;
import dev.tide.api.worker.TaskFailure;
import dev.tide.core.Tide;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * A minimal sketch of the API behind the thesis's mailing, embedded: a job of one email per student, a type that
 * retries failed attempts, an address that fails for good, and a report task for the teacher who submitted the job when
 * it ends. It sends nothing: its handler only checks for an '@', and the report is printed. The mailer itself (SMTP,
 * the thesis's table 9 profile, body files, the report mailed) is tide-campus's {@code CampusMailer}, see
 * docs/campus.md. Run it with a data folder as its argument.
 */
public final class EmbeddedMailing {
    /** One email to send. */
    public record Email(String to, String subject) {}

    private EmbeddedMailing() {}

    public static void main(String[] args) throws InterruptedException {
        Path folder = Path.of(args.length > 0 ? args[0] : "tide-data");
        try (Tide tide = Tide.builder().sqlite(folder).build()) {
            // Types carry the defaults: three attempts, a backoff, an hour to get each mail out.
            tide.defineTaskType(TaskType.named("email")
                    .withMaxAttempts(3)
                    .withDefaultDuration(Duration.ofHours(1))
                    .withBackoff(RetryBackoff.fixed(Duration.ofMillis(50))));
            // When a mailing ends, its owner gets a report (a task of type "report").
            tide.defineJobType(JobType.named("mailing").withCompletionTask("report"));

            List<NewTask> emails =
                    List.of("ada@example.org", "alan@example.org", "bad-address", "grace@example.org").stream()
                            .map(to -> NewTask.of("email", new Email(to, "Welcome")))
                            .toList();
            long jobId = tide.createJob(NewJob.builder("mailing")
                            .title("welcome letters")
                            .owner("teacher@example.org")
                            .tasks(emails)
                            .build())
                    .job()
                    .id();

            CountDownLatch reported = new CountDownLatch(1);
            tide.workerPool()
                    .concurrency(4)
                    .handler("email", ctx -> {
                        Email email = ctx.payload(Email.class);
                        if (!email.to().contains("@")) {
                            throw new TaskFailure("not an address: " + email.to()); // no retry for this one
                        }
                        ctx.result(java.util.Map.of("sent", email.to()));
                    })
                    .handler("report", ctx -> {
                        JobInfo job =
                                ctx.payload(dev.tide.api.JobEndNotice.class).job();
                        System.out.printf(
                                "report for %s: job '%s' %s, %d sent, %d failed%n",
                                ctx.task().owner(),
                                job.title(),
                                job.outcome().wireName(),
                                job.succeeded(),
                                job.failed());
                        reported.countDown();
                    })
                    .start();

            if (!reported.await(30, TimeUnit.SECONDS)) {
                throw new IllegalStateException("the report did not arrive");
            }
            JobInfo job = tide.job(jobId);
            System.out.printf(
                    "job %d: %s (%d of %d succeeded)%n",
                    job.id(), job.state().wireName(), job.succeeded(), job.total());
        }
    }
}
