package dev.tide.bench;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.tide.api.Outcome;
import dev.tide.api.TaskQuery;
import dev.tide.api.json.Json;
import dev.tide.api.worker.WorkerPool;
import dev.tide.campus.enroll.CampusEnrollment;
import dev.tide.campus.enroll.ImportOutcome;
import dev.tide.campus.enroll.UploadFolder;
import dev.tide.campus.mail.SmtpSettings;
import dev.tide.core.Tide;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * One enrollment import of the campus phase, run in a JVM of its own (see {@link CampusBenchmark}) on a database the
 * parent prepared: seeded, no enrollment yet, the file on disk as the upload request receives it. The import runs
 * the direct way or the queued way, timed and its heap watched ({@link HeapWatch}); then the enrollments written are
 * counted in the table. Queued, a worker pool of the application's handlers runs from before the upload, as a deployed
 * application's would, and the run also waits for the uploader's report mail to be sent.
 *
 * <p>With a warm-up file, the same way imports it first and the enrollment table is emptied again, so that the
 * measured import runs on warm code, on a table as empty as the thesis's (it emptied it between runs).
 */
final class CampusImportRun {
    static final String UPLOADER = "registrar@campus.example";

    /**
     * What to run, as the parent passes it (one JSON argument).
     *
     * @param location the database, as {@link BenchDatabase#location()} gives it
     * @param file the enrollment file of {@code lines} lines
     * @param warmupFile a smaller file imported first, unmeasured; null for none
     * @param uploads the folder the queued way saves uploads in
     * @param workers the worker pool's concurrency (queued)
     * @param smtpPort where the report mail goes: an SMTP server on 127.0.0.1
     * @param marker a file written just before the measured import starts, so that the parent can tell running out
     *     of memory in the import from running out before it
     */
    record Settings(
            String store,
            String location,
            ImportWay way,
            int lines,
            String file,
            String warmupFile,
            String uploads,
            int workers,
            int smtpPort,
            String marker) {}

    /**
     * What one import took.
     *
     * @param enrolled enrollments in the table after the import
     * @param requestSeconds the upload request: the whole import (direct), or saving the file and creating the job
     *     (queued)
     * @param lastEnrollmentSeconds until the last enrollment was written: the request's time (direct), or until the
     *     job ended (queued)
     * @param reportSeconds queued: until the uploader's report mail was sent (observed by polling every few ms); null
     *     direct
     */
    record Result(
            String store,
            ImportWay way,
            int lines,
            int enrolled,
            double requestSeconds,
            double lastEnrollmentSeconds,
            Double reportSeconds,
            int workers,
            boolean warmedUp,
            HeapWatch.Figures heap) {

        /** Enrollments written per second, until the last one (the thesis's table 14). */
        @JsonProperty
        double enrollmentsPerSecond() {
            return enrolled / lastEnrollmentSeconds;
        }
    }

    private final Settings settings;
    private final Tide tide;
    private final CampusEnrollment enrollment;
    private final Map<Long, Long> jobsEnded = new ConcurrentHashMap<>();
    private int reports;

    private CampusImportRun(Settings settings, Tide tide) {
        this.settings = settings;
        this.tide = tide;
        this.enrollment = new CampusEnrollment(
                tide,
                new UploadFolder(Path.of(settings.uploads())),
                SmtpSettings.of("127.0.0.1", settings.smtpPort(), "bench@campus.example"));
        tide.onJobFinished(job -> jobsEnded.putIfAbsent(job.id(), System.nanoTime()));
    }

    static Result run(Settings settings) throws Exception {
        try (Tide tide = BenchDatabase.StoreKind.parse(settings.store())
                .tide(settings.location())
                .build()) {
            return new CampusImportRun(settings, tide).measure();
        }
    }

    private Result measure() throws Exception {
        enrollment.define();
        WorkerPool pool = settings.way() == ImportWay.QUEUED
                ? enrollment.workerPool().concurrency(settings.workers()).start()
                : null;
        try {
            if (settings.warmupFile() != null) {
                awaitReport(importOnce(Path.of(settings.warmupFile())));
                emptyEnrollments();
            }
            Files.writeString(Path.of(settings.marker()), "importing");
            HeapWatch watch = HeapWatch.start();
            Timing timing = importOnce(Path.of(settings.file()));
            HeapWatch.Figures heap = watch.stop();
            Double reportSeconds = awaitReport(timing);
            return new Result(
                    settings.store(),
                    settings.way(),
                    settings.lines(),
                    enrollments(),
                    timing.requestSeconds(),
                    timing.lastEnrollmentSeconds(),
                    reportSeconds,
                    settings.workers(),
                    settings.warmupFile() != null,
                    heap);
        } finally {
            if (pool != null) {
                pool.close();
            }
        }
    }

    /** One import's times, from its start ({@link System#nanoTime()}); {@code job} 0 when direct. */
    private record Timing(long start, double requestSeconds, double lastEnrollmentSeconds, long job) {}

    /** Imports one file the run's way; a queued import is waited for until its job ends. */
    private Timing importOnce(Path file) throws Exception {
        try (InputStream upload = Files.newInputStream(file)) {
            long start = System.nanoTime();
            if (settings.way() == ImportWay.DIRECT) {
                ImportOutcome outcome = enrollment.importDirectly(UPLOADER, upload);
                double seconds = (System.nanoTime() - start) / 1e9;
                if (!outcome.errors().isEmpty()) {
                    throw new IllegalStateException("a valid file had errors: " + outcome.errors());
                }
                return new Timing(start, seconds, seconds, 0);
            }
            long job = enrollment.queueImport(UPLOADER, file.getFileName().toString(), upload);
            double request = (System.nanoTime() - start) / 1e9;
            Waiting.until(() -> jobsEnded.containsKey(job), "the import job " + job + " to end");
            return new Timing(start, request, (jobsEnded.get(job) - start) / 1e9, job);
        }
    }

    /** A queued import's report mail, waited for until sent: seconds since the import's start; null when direct. */
    private Double awaitReport(Timing timing) throws InterruptedException {
        if (timing.job() == 0) {
            return null;
        }
        reports++;
        TaskQuery reportTasks = TaskQuery.all().withType(CampusEnrollment.IMPORT_REPORT);
        Waiting.until(
                () -> {
                    if (tide.countTasks(reportTasks.withOutcome(Outcome.FAILED)).value() > 0) {
                        throw new IllegalStateException("the report of job " + timing.job() + " failed");
                    }
                    return tide.countTasks(reportTasks.withOutcome(Outcome.SUCCEEDED))
                                    .value()
                            >= reports;
                },
                "the report of job " + timing.job() + " to be sent");
        return (System.nanoTime() - timing.start()) / 1e9;
    }

    private int enrollments() {
        return tide.transaction((connection, queue) -> {
            try (Statement st = connection.createStatement();
                    ResultSet rs = st.executeQuery("SELECT count(*) FROM campus_enrollments")) {
                rs.next();
                return rs.getInt(1);
            }
        });
    }

    private void emptyEnrollments() {
        tide.transaction((connection, queue) -> {
            try (Statement st = connection.createStatement()) {
                return st.executeUpdate("DELETE FROM campus_enrollments");
            }
        });
    }

    /** Entry point of the child JVM: {@code <settings as JSON> <result file>}. */
    public static void main(String[] args) throws Exception {
        Settings settings = Json.mapper().readValue(args[0], Settings.class);
        Result result = run(settings);
        Json.mapper()
                .writer(SerializationFeature.INDENT_OUTPUT)
                .writeValue(Path.of(args[1]).toFile(), result);
    }
}
