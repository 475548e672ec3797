package dev.tide.campus.enroll;

import dev.tide.api.JobInfo;
import dev.tide.api.JobType;
import dev.tide.api.NewJob;
import dev.tide.api.NewTask;
import dev.tide.api.Outcome;
import dev.tide.api.Profile;
import dev.tide.api.ProfileLimits;
import dev.tide.api.TaskQuery;
import dev.tide.api.TaskType;
import dev.tide.api.json.Json;
import dev.tide.api.worker.HandlerRegistry;
import dev.tide.api.worker.WorkerPool;
import dev.tide.campus.mail.CampusMailer;
import dev.tide.campus.mail.SmtpSender;
import dev.tide.campus.mail.SmtpSettings;
import dev.tide.core.Tide;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The campus enrollment import (seed 000, §4.3.5.3.1.2 and §5.2.2): a CSV file of {@code student,section} lines, each
 * the placement of one student into one course section, checked against the campus tables and written. Two ways, as
 * the thesis compared them:
 *
 * <ul>
 *   <li><b>Queued</b> ({@link #queueImport}): the upload is only saved and a job queued. Its one
 *       {@code enrollment-file-read} task reads a profile-sized block of lines a session and queues an
 *       {@code enrollment} task per line; each of those checks and writes its line; when the last one ends, the job's
 *       completion task mails the uploader one report with every rejected line.
 *   <li><b>Direct</b> ({@link #importDirectly}): the same checks and writes in the calling thread, the whole file read
 *       first, the outcome returned.
 * </ul>
 *
 * <p>The application's tables ({@link CampusTables}) live where Tide stores: on SQLite in Tide's own database file, on
 * PostgreSQL in its database. Every write goes through {@link Tide#transaction}, so that an enrollment and its task's
 * acknowledgement commit together. Call {@link #define()} once at start-up, then run {@link #handlers()} in a
 * {@link #workerPool()}.
 */
public final class CampusEnrollment {
    /** The job type of a queued import; its completion task is {@link #IMPORT_REPORT}. */
    public static final String IMPORT = "enrollment-import";

    /** The task type that reads an upload, one per file: divisible, its units the file's enrollment lines. */
    public static final String FILE_READ = "enrollment-file-read";

    /** The task type of one line: checks it and writes the enrollment. */
    public static final String ENROLLMENT = "enrollment";

    /** The task type of an import's report, its job's completion task: mails the uploader. */
    public static final String IMPORT_REPORT = "enrollment-report";

    /**
     * Lines a file-read session takes when the application defines no profile of its own for {@link #FILE_READ}: the
     * default profile's {@code maxPerSession}, so that one session's transaction stays short.
     */
    public static final int READ_BLOCK = 100;

    /**
     * Attempts of an import's read task. Each session is a lease, and a process killed inside one costs an attempt (a
     * graceful stop hands it back without): after this many such crashes in one import's life, it stops and reports
     * the file unread. Five, the mailer's, would be few for a file read in many sessions.
     */
    public static final int READ_ATTEMPTS = 25;

    private final Tide tide;
    private final UploadFolder uploads;
    private final EnrollmentChecks checks = new EnrollmentChecks();
    private final ImportCounts counts;
    private final HandlerRegistry handlers;

    public CampusEnrollment(Tide tide, UploadFolder uploads, SmtpSettings smtp) {
        this.tide = tide;
        this.uploads = uploads;
        this.counts = new ImportCounts(tide);
        this.handlers = HandlerRegistry.builder()
                .handler(FILE_READ, new FileReadHandler(uploads))
                .handler(ENROLLMENT, new EnrollmentHandler(tide, checks))
                .handler(IMPORT_REPORT, new ImportReportHandler(uploads, counts, new SmtpSender(smtp)))
                .build();
    }

    /**
     * Defines the task types and the job type (replacing earlier definitions), the file-read type's default profile
     * ({@link #READ_BLOCK} lines a session) unless one is defined already, and creates the missing tables. Safe on
     * every start.
     */
    public void define() {
        // a crash inside a read session costs the read task an attempt, and a long file has many sessions
        tide.defineTaskType(TaskType.named(FILE_READ).withMaxAttempts(READ_ATTEMPTS));
        tide.defineTaskType(TaskType.named(ENROLLMENT));
        tide.defineTaskType(TaskType.named(IMPORT_REPORT).withMaxAttempts(10).withBackoff(CampusMailer.BACKOFF));
        tide.defineJobType(JobType.named(IMPORT).withCompletionTask(IMPORT_REPORT));
        Profile readBlocks = Profile.forTaskType(
                FILE_READ, ZoneOffset.UTC, List.of(), ProfileLimits.UNLIMITED.withMaxPerSession(READ_BLOCK));
        if (tide.profiles().list().stream().noneMatch(p -> p.key().equals(readBlocks.key()))) {
            tide.profiles().define(readBlocks);
        }
        tide.transaction((connection, queue) -> {
            CampusTables.create(connection);
            return null;
        });
    }

    /**
     * Queues an import: copies the upload to the upload folder (streaming, constant memory), counts its enrollment
     * lines, and creates the job, owned by {@code uploader}, who gets the report, with its file-read task. Returns the
     * job's id. Refuses a bad uploader address, a file name that is not a plain one, and a file without an enrollment
     * line, with an {@link IllegalArgumentException} naming what is wrong, leaving no file and no job.
     */
    public long queueImport(String uploader, String fileName, InputStream csv) {
        SmtpSettings.requireAddress("uploader", uploader);
        requireContent(csv);
        String file = uploads.save(fileName, csv);
        try {
            int lines = EnrollmentReader.count(uploads.resolve(file));
            requireLines("the file '" + fileName + "'", lines);
            return tide.createJob(NewJob.builder(IMPORT)
                            .title(fileName)
                            .owner(uploader)
                            .info(ImportCursor.start(file, fileName, lines))
                            .task(NewTask.builder(FILE_READ)
                                    .owner(uploader)
                                    .payload(new FileReadTask(file))
                                    .units(lines)
                                    .divisible(true)
                                    .build())
                            .build())
                    .job()
                    .id();
        } catch (IOException e) {
            uploads.delete(file);
            throw new UncheckedIOException("cannot read the upload " + fileName, e);
        } catch (RuntimeException e) {
            uploads.delete(file);
            throw e;
        }
    }

    /**
     * Imports directly, as the thesis's upload request did: reads the whole upload into memory, parses every line,
     * then checks and writes each one in a short transaction of its own, in the calling thread. Nothing is queued and
     * nothing mailed. Refuses a bad uploader address and a file without an enrollment line before writing anything.
     */
    public ImportOutcome importDirectly(String uploader, InputStream csv) {
        SmtpSettings.requireAddress("uploader", uploader);
        requireContent(csv);
        byte[] upload;
        try {
            upload = csv.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the upload", e);
        }
        List<EnrollmentLine> lines = EnrollmentReader.readAll(new ByteArrayInputStream(upload));
        requireLines("the upload", lines.size());
        List<LineError> errors = new ArrayList<>();
        for (EnrollmentLine line : lines) {
            Optional<String> rejected = tide.transaction((connection, queue) -> checks.enroll(connection, line, null));
            rejected.ifPresent(
                    reason -> errors.add(new LineError(line.line(), line.student(), line.section(), reason)));
        }
        return new ImportOutcome(lines.size(), lines.size() - errors.size(), errors);
    }

    /** What runs an import's tasks: the file read, the enrollments and the report. */
    public HandlerRegistry handlers() {
        return handlers;
    }

    /** A worker pool on the engine with the import's handlers; set its concurrency and start it. */
    public WorkerPool.Builder workerPool() {
        return tide.workerPool().handlers(handlers);
    }

    /**
     * How far a queued import is, for a page.
     *
     * @throws dev.tide.api.NotFoundException when there is no such job
     * @throws IllegalArgumentException when the job is not an enrollment import
     */
    public ImportProgress progress(long jobId) {
        JobInfo job = tide.job(jobId);
        if (!IMPORT.equals(job.type())) {
            throw new IllegalArgumentException(
                    "job " + jobId + " is not an enrollment import but a " + job.type() + " job");
        }
        ImportCursor cursor = Json.read(job.info(), ImportCursor.class);
        long rejected = tide.countTasks(
                        TaskQuery.all().withJob(jobId).withType(ENROLLMENT).withOutcome(Outcome.FAILED))
                .value();
        return new ImportProgress(
                jobId, job.state(), cursor.lines(), cursor.read(), counts.enrolled(jobId), (int) rejected);
    }

    private static void requireContent(InputStream csv) {
        if (csv == null) {
            throw new IllegalArgumentException("csv is required");
        }
    }

    private static void requireLines(String what, int lines) {
        if (lines == 0) {
            throw new IllegalArgumentException(
                    what + " has no enrollment line: expected lines of student,section (e.g. S000123,CS101-01)");
        }
    }
}
