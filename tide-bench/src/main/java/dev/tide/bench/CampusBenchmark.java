package dev.tide.bench;

import dev.tide.api.json.Json;
import dev.tide.campus.enroll.CampusData;
import dev.tide.campus.enroll.CampusEnrollment;
import dev.tide.campus.enroll.UploadFolder;
import dev.tide.campus.mail.SmtpSettings;
import dev.tide.core.Tide;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * The thesis's direct-versus-queued benchmark (seed 000, §5.2.2, tables 13 to 15) on Tide: the same valid enrollment
 * file imported directly inside the upload request and queued, for each size, each in a fresh JVM with a fixed heap on a
 * fresh database (see {@link CampusImportRun}); then, in JVMs with a small heap, the largest file each way handles.
 *
 * <p>This JVM prepares every run's database (tables, the campus's students and sections) and file, so that the child's
 * heap holds only what serving the upload needs, and receives the queued imports' report mails ({@link
 * ReportMailbox}).
 */
final class CampusBenchmark {
    /**
     * How long a search try of {@code lines} may run before it is counted as thrashing (collecting all the time in a
     * heap too small), not fitting: five minutes, and 20 ms a line (the imports run ten times faster than that).
     */
    static Duration searchTryLimit(int lines) {
        return Duration.ofMinutes(5).plusMillis(20L * lines);
    }

    /** Lines of the warm-up file each measured run imports first. */
    static final int WARMUP_LINES = 100;

    /**
     * What the phase measures.
     *
     * @param lines the file sizes, in lines
     * @param rounds measured runs of each size each way; the report gives the median
     * @param heapMb the measured runs' heap limit ({@code -Xmx}, MB)
     * @param workers the queued way's worker pool concurrency
     * @param warmup whether each measured run imports a small file first, unmeasured
     * @param searchHeapMb the largest-file search's heap limit (MB); 0 for no search
     * @param searchFirst the search's first size, in lines
     * @param searchCap the most lines the search tries
     */
    record Options(
            List<Integer> lines,
            int rounds,
            int heapMb,
            int workers,
            boolean warmup,
            int searchHeapMb,
            int searchFirst,
            int searchCap) {}

    private final BenchDatabases databases;
    private final BenchDatabase.StoreKind kind;
    private final Options options;
    private final ReportMailbox mailbox;

    private CampusBenchmark(
            BenchDatabases databases, BenchDatabase.StoreKind kind, Options options, ReportMailbox mailbox) {
        this.databases = databases;
        this.kind = kind;
        this.options = options;
        this.mailbox = mailbox;
    }

    static CampusResult run(BenchDatabases databases, BenchDatabase.StoreKind kind, Options options) throws Exception {
        try (ReportMailbox mailbox = ReportMailbox.start()) {
            return new CampusBenchmark(databases, kind, options, mailbox).run();
        }
    }

    private CampusResult run() throws Exception {
        List<CampusResult.Row> rows = new ArrayList<>();
        for (int lines : options.lines()) {
            // the ways take turns, so that a busier moment of the machine falls on both
            List<CampusImportRun.Result> directRounds = new ArrayList<>();
            List<CampusImportRun.Result> queuedRounds = new ArrayList<>();
            for (int round = 0; round < options.rounds(); round++) {
                directRounds.add(measured(ImportWay.DIRECT, lines));
                queuedRounds.add(measured(ImportWay.QUEUED, lines));
            }
            CampusResult.Row row = CampusResult.Row.of(lines, directRounds, queuedRounds);
            rows.add(row);
            CampusImportRun.Result direct = row.direct();
            CampusImportRun.Result queued = row.queued();
            BenchMain.progress(
                    "campus on %s, %,d lines: direct %.2f s, queued %.3f s (request) and %.2f s (last enrollment)",
                    kind.label(),
                    lines,
                    direct.requestSeconds(),
                    queued.requestSeconds(),
                    queued.lastEnrollmentSeconds());
        }
        LargestFileSearch.Result largestDirect = null;
        LargestFileSearch.Result largestQueued = null;
        if (options.searchHeapMb() > 0) {
            largestDirect = largest(ImportWay.DIRECT);
            largestQueued = largest(ImportWay.QUEUED);
        }
        return new CampusResult(
                kind.label(),
                options.rounds(),
                options.heapMb(),
                options.workers(),
                options.warmup(),
                rows,
                options.searchHeapMb(),
                largestDirect,
                largestQueued);
    }

    /** One measured run: it must enroll every line, and a queued one must mail its report(s). */
    private CampusImportRun.Result measured(ImportWay way, int lines) throws Exception {
        long mailsBefore = mailbox.receivedBy(CampusImportRun.UPLOADER);
        Run run = runChild(way, lines, options.heapMb(), options.warmup(), Waiting.LIMIT);
        if (run.exit().code() != 0 || run.exit().timedOut() || run.result() == null) {
            throw new IllegalStateException(String.format(
                    "campus: the %s import of %,d lines failed (%s) in a JVM with -Xmx%dm",
                    way.label(), lines, run.describe(), options.heapMb()));
        }
        if (run.result().enrolled() != lines) {
            throw new IllegalStateException(String.format(
                    "campus: the %s import of %,d valid lines enrolled %,d",
                    way.label(), lines, run.result().enrolled()));
        }
        long mails = mailbox.receivedBy(CampusImportRun.UPLOADER) - mailsBefore;
        long expected = way == ImportWay.QUEUED ? (options.warmup() ? 2 : 1) : 0;
        if (mails != expected) {
            throw new IllegalStateException(String.format(
                    "campus: the %s import of %,d lines mailed %d reports, not %d",
                    way.label(), lines, mails, expected));
        }
        return run.result();
    }

    private LargestFileSearch.Result largest(ImportWay way) throws Exception {
        BenchMain.progress(
                "campus on %s: the largest file imported %s within -Xmx%dm (from %,d lines, at most %,d)",
                kind.label(), way.label(), options.searchHeapMb(), options.searchFirst(), options.searchCap());
        return LargestFileSearch.search(searchTry(way), options.searchFirst(), options.searchCap());
    }

    /** A try of the search: a file imported cold in a fresh JVM limited to the search's heap. */
    private LargestFileSearch.Probe searchTry(ImportWay way) {
        return lines -> {
            Run run = runChild(way, lines, options.searchHeapMb(), false, searchTryLimit(lines));
            LargestFileSearch.Outcome outcome = run.searchOutcome(way, lines);
            BenchMain.progress("  %s, %,d lines: %s", way.label(), lines, outcome);
            return outcome;
        };
    }

    /** One try of the largest-file search on its own, in a JVM limited to {@code heapMb}: for the tests. */
    static LargestFileSearch.Outcome tryInHeap(
            BenchDatabases databases, BenchDatabase.StoreKind kind, ImportWay way, int lines, int heapMb)
            throws Exception {
        Options options = new Options(List.of(lines), 1, heapMb, 8, false, heapMb, lines, lines);
        try (ReportMailbox mailbox = ReportMailbox.start()) {
            return new CampusBenchmark(databases, kind, options, mailbox)
                    .searchTry(way)
                    .tryLines(lines);
        }
    }

    /** How a child ended, whether its measured import had started, and its result if it wrote one. */
    private record Run(ChildJvm.Exit exit, boolean importStarted, CampusImportRun.Result result) {
        String describe() {
            return exit.timedOut() ? "still running at the time limit" : "exit code " + exit.code();
        }

        /** A search try's outcome; a failure that is not the heap's is the benchmark's, and stops it. */
        LargestFileSearch.Outcome searchOutcome(ImportWay way, int lines) {
            if (exit.timedOut()) {
                return LargestFileSearch.Outcome.TIMED_OUT;
            }
            if (exit.code() == ChildJvm.OUT_OF_MEMORY && importStarted) {
                return LargestFileSearch.Outcome.OUT_OF_MEMORY;
            }
            if (exit.code() == 0 && result != null && result.enrolled() == lines) {
                return LargestFileSearch.Outcome.FITS;
            }
            throw new IllegalStateException(String.format(
                    "campus: the %s import of %,d lines failed %s (%s)",
                    way.label(),
                    lines,
                    importStarted ? "in the import" : "before the import started",
                    result == null ? describe() : "enrolled " + result.enrolled()));
        }
    }

    /** Prepares a fresh database and the files, runs the import in a child JVM, and removes them all again. */
    private Run runChild(ImportWay way, int lines, int heapMb, boolean warmup, Duration limit) throws Exception {
        Path folder = Files.createDirectories(databases.workFolder().resolve("campus-" + System.nanoTime()));
        try (BenchDatabase database = databases.fresh(kind, "campus-" + way.label())) {
            Path uploads = folder.resolve("uploads");
            int seeded = Math.max(lines, WARMUP_LINES);
            prepare(database, uploads, seeded);
            Path file = write(folder.resolve("enrollments.csv"), lines, seeded);
            Path warmupFile = warmup ? write(folder.resolve("warmup.csv"), WARMUP_LINES, seeded) : null;
            Path marker = folder.resolve("importing");
            Path result = folder.resolve("result.json");
            CampusImportRun.Settings settings = new CampusImportRun.Settings(
                    kind.label(),
                    database.location(),
                    way,
                    lines,
                    file.toString(),
                    warmupFile == null ? null : warmupFile.toString(),
                    uploads.toString(),
                    options.workers(),
                    mailbox.port(),
                    marker.toString());
            ChildJvm.Exit exit = ChildJvm.run(
                    CampusImportRun.class,
                    heapMb,
                    List.of(ChildJvm.EXIT_ON_OUT_OF_MEMORY),
                    List.of(Json.write(settings), result.toString()),
                    limit);
            return new Run(
                    exit,
                    Files.exists(marker),
                    exit.code() == 0 && Files.exists(result)
                            ? Json.mapper().readValue(result.toFile(), CampusImportRun.Result.class)
                            : null);
        } finally {
            delete(folder);
        }
    }

    /**
     * The campus's tables, and sections of {@value #CAPACITY} seats with enough students for every line of a valid
     * file of up to {@code seeded} lines: {@link CampusData#validFile} fills the sections evenly.
     */
    private void prepare(BenchDatabase database, Path uploads, int seeded) {
        try (Tide tide = database.tide().build()) {
            CampusEnrollment enrollment = new CampusEnrollment(
                    tide,
                    new UploadFolder(uploads),
                    SmtpSettings.of("127.0.0.1", mailbox.port(), "bench@campus.example"));
            enrollment.define();
            tide.transaction((connection, queue) -> {
                CampusData.seed(connection, students(seeded), sections(seeded), CAPACITY);
                return null;
            });
        }
    }

    /** A valid file of {@code lines} on a campus seeded for {@code seeded} lines. */
    private static Path write(Path file, int lines, int seeded) throws IOException {
        return Files.writeString(file, CampusData.validFile(lines, students(seeded), sections(seeded)));
    }

    /** Seats in each section: a lecture's, so that the capacity check counts few rows. */
    static final int CAPACITY = 40;

    private static int sections(int lines) {
        return (lines + CAPACITY - 1) / CAPACITY;
    }

    private static int students(int lines) {
        int sections = sections(lines);
        return (lines + sections - 1) / sections;
    }

    private static void delete(Path folder) throws IOException {
        try (Stream<Path> files = Files.walk(folder)) {
            for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }
}
