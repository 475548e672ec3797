package dev.tide.examples;

import dev.tide.api.JobInfo;
import dev.tide.api.JobState;
import dev.tide.api.NewJob;
import dev.tide.api.NewTask;
import dev.tide.api.Profile;
import dev.tide.api.ProfileEntry;
import dev.tide.api.ProfileLimits;
import dev.tide.api.json.Json;
import dev.tide.api.worker.WorkerPool;
import dev.tide.core.Tide;
import dev.tide.core.time.ManualClock;
import java.nio.file.Path;
import java.time.DayOfWeek;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalTime;
import java.time.ZoneId;
import java.time.temporal.ChronoUnit;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The thesis's file-reading task under a profile (seed 000, §4.3.3.2.1 and table 8): one task imports a file of
 * 2,400 lines, a profile allows 100 lines an hour in office hours and 1,000 an hour (300 a session) outside them. The
 * handler reads as many lines as its budget says, keeps its cursor in the job's info, and comes back for the rest.
 * A virtual clock runs the day in a second: argument a data folder. A minimal sketch of the API: it reads no file. The
 * enrollment import built this way (a real CSV read block by block, a task per line checked against real tables, the
 * uploader mailed the errors) is tide-campus's {@code CampusEnrollment}, see docs/campus.md.
 */
public final class NightlyImport {
    static final int LINES = 2_400;
    static final Instant START = Instant.parse("2026-01-05T15:00:00Z"); // a Monday

    /** The job's info: how far the import has read. */
    public record Cursor(int line) {}

    private NightlyImport() {}

    @SuppressWarnings("try") // the pool works while it is open; the loop inside only watches the job
    public static void main(String[] args) throws InterruptedException {
        ManualClock clock = new ManualClock(START);
        Map<Instant, Integer> linesPerHour = new ConcurrentHashMap<>();
        try (Tide tide = Tide.builder()
                .sqlite(Path.of(args.length > 0 ? args[0] : "tide-data"))
                .clock(clock)
                .build()) {
            ZoneId zone = ZoneId.of("UTC");
            tide.profiles()
                    .define(Profile.forTaskType(
                            "import-lines",
                            zone,
                            List.of(ProfileEntry.of(
                                    "office",
                                    EnumSet.range(DayOfWeek.MONDAY, DayOfWeek.FRIDAY),
                                    LocalTime.of(8, 0),
                                    LocalTime.of(18, 0),
                                    ProfileLimits.perHour(100))),
                            ProfileLimits.perHour(1_000).withMaxPerSession(300)));

            long jobId = tide.createJob(NewJob.builder("import")
                            .info(new Cursor(0))
                            .tasks(List.of(NewTask.builder("import-lines")
                                    .payload(Map.of("file", "students.csv"))
                                    .units(LINES)
                                    .divisible(true)
                                    .build()))
                            .build())
                    .job()
                    .id();

            try (WorkerPool pool = tide.workerPool()
                    .pollWait(Duration.ofMillis(20))
                    .handler("import-lines", ctx -> {
                        int from = Json.read(ctx.job().info(), Cursor.class).line();
                        int to = Math.min(LINES, from + ctx.budget()); // read lines [from, to) here
                        ctx.setJobInfo(new Cursor(to));
                        ctx.used(to - from);
                        Instant claimed =
                                ctx.lease().expiresAt().minus(ctx.lease().duration());
                        linesPerHour.merge(claimed.truncatedTo(ChronoUnit.HOURS), to - from, Integer::sum);
                        if (to < LINES) {
                            ctx.continueLater();
                        }
                    })
                    .start()) {
                while (tide.job(jobId).state() == JobState.OPEN) {
                    Thread.sleep(30);
                    clock.advance(Duration.ofMinutes(10));
                }
            }
            JobInfo job = tide.job(jobId);
            new TreeMap<>(linesPerHour).forEach((hour, lines) -> System.out.printf("%s  %4d lines%n", hour, lines));
            System.out.printf(
                    "job %d: %s, %s lines read%n",
                    job.id(),
                    job.state().wireName(),
                    Json.read(job.info(), Cursor.class).line());
        }
    }
}
