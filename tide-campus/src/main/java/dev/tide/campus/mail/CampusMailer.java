package dev.tide.campus.mail;

import dev.tide.api.JobType;
import dev.tide.api.NewJob;
import dev.tide.api.NewTask;
import dev.tide.api.RetryBackoff;
import dev.tide.api.TaskType;
import dev.tide.api.worker.HandlerRegistry;
import dev.tide.api.worker.WorkerPool;
import dev.tide.core.Tide;
import dev.tide.core.cycle.QueueClient;
import java.time.Duration;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;

/**
 * The campus mailer (seed 000, §4.3.5.3.1.1): a mailing is a job of one {@code message} task per recipient, sent over
 * SMTP at the pace of table 9 ({@link Table9}), and its owner is mailed a report when it ends.
 *
 * <p>Throttling is Tide's: the profile's hourly and per-session limits decide what a claim may take, counted by Tide
 * across workers and restarts; nothing here counts mails. The report is the job type's completion task, enqueued with
 * the job's end, so it is sent even if the process stops in between.
 *
 * <p>Call {@link #define()} once at start-up (it replaces the definitions, so every start may), then run the handlers
 * either in a {@link #workerPool()} that claims continuously, or as the thesis's mailer script, one
 * {@link #cycleClient()} cycle a minute.
 */
public final class CampusMailer {
    /** The task type of one message. */
    public static final String MESSAGE = "message";

    /** The job type of a mailing. */
    public static final String MAILING = "mailing";

    /** The task type of a mailing's report, its completion task. */
    public static final String REPORT = "mailing-report";

    /**
     * The university's time zone, in which table 9's hours are read. The thesis names no city; its Thursday–Friday
     * weekend is the Gulf's, so this is Riyadh's (UTC+3 all year). Give another to the constructor.
     */
    public static final ZoneId UNIVERSITY_ZONE = ZoneId.of("Asia/Riyadh");

    /** Attempts per message: a server down for a while is waited out, a refused address is not retried at all. */
    public static final int MESSAGE_ATTEMPTS = 5;

    /** One minute after the first failed attempt, doubling to an hour at most, spread by 20%. */
    public static final RetryBackoff BACKOFF = new RetryBackoff(Duration.ofMinutes(1), 2.0, Duration.ofHours(1), 0.2);

    private final Tide tide;
    private final MailFolder folder;
    private final ZoneId zone;
    private final HandlerRegistry handlers;

    public CampusMailer(Tide tide, MailFolder folder, SmtpSettings smtp, ZoneId zone) {
        this.tide = tide;
        this.folder = folder;
        this.zone = zone;
        SmtpSender sender = new SmtpSender(smtp);
        this.handlers = HandlerRegistry.builder()
                .handler(MESSAGE, new MessageHandler(folder, sender))
                .handler(REPORT, new ReportHandler(sender))
                .build();
    }

    /** Defines the task types, the job type and table 9's profile (each replacing any earlier definition). */
    public void define() {
        tide.defineTaskType(TaskType.named(MESSAGE)
                .withPriority(1) // table 9's default_priority
                .withMaxAttempts(MESSAGE_ATTEMPTS)
                .withBackoff(BACKOFF));
        tide.defineTaskType(TaskType.named(REPORT).withMaxAttempts(10).withBackoff(BACKOFF));
        tide.defineJobType(JobType.named(MAILING).withCompletionTask(REPORT));
        tide.profiles().define(Table9.profile(zone));
    }

    /**
     * Queues a mailing: writes one body file per recipient in the mail folder and creates the job of their messages,
     * owned by {@code owner}, who gets the report. Bad input is refused before anything is written; if the job cannot be
     * created, the files written are removed. Returns the job's id.
     */
    public long queueMailing(String owner, String subject, String bodyText, List<String> recipients) {
        SmtpSettings.requireAddress("owner", owner);
        if (subject == null || subject.isBlank()) {
            throw new IllegalArgumentException("subject is required");
        }
        if (bodyText == null) {
            throw new IllegalArgumentException("bodyText is required");
        }
        if (recipients == null || recipients.isEmpty()) {
            throw new IllegalArgumentException("recipients: a mailing needs at least one");
        }
        for (int i = 0; i < recipients.size(); i++) {
            SmtpSettings.requireAddress("recipients[" + i + "]", recipients.get(i));
        }
        List<String> files = new ArrayList<>(recipients.size());
        try {
            List<NewTask> messages = new ArrayList<>(recipients.size());
            for (String recipient : recipients) {
                String file = folder.write(bodyText);
                files.add(file);
                messages.add(NewTask.builder(MESSAGE)
                        .payload(new MessageTask(List.of(recipient), subject, file))
                        .owner(owner)
                        .build());
            }
            return tide.createJob(NewJob.builder(MAILING)
                            .title(subject)
                            .owner(owner)
                            .tasks(messages)
                            .build())
                    .job()
                    .id();
        } catch (RuntimeException e) {
            files.forEach(folder::delete);
            throw e;
        }
    }

    /** What runs the mailer's tasks: messages and reports. */
    public HandlerRegistry handlers() {
        return handlers;
    }

    /** A worker pool on the engine with the mailer's handlers; set its concurrency and start it. */
    public WorkerPool.Builder workerPool() {
        return tide.workerPool().handlers(handlers);
    }

    /**
     * The thesis's mailer script as a queue client: one cycle a minute, each one session, so at most table 9's
     * {@code max_per_session} messages per minute and its {@code max_per_hour} per hour. Schedule it with
     * {@code tide.cycles().schedule(...)}.
     */
    public QueueClient cycleClient() {
        return QueueClient.builder("mailer")
                .every(Duration.ofMinutes(1))
                .claimBatch(5)
                .handlers(handlers)
                .build();
    }
}
