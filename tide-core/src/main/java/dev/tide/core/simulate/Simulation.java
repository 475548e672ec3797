package dev.tide.core.simulate;

import dev.tide.api.Ack;
import dev.tide.api.ClaimRequest;
import dev.tide.api.JobInfo;
import dev.tide.api.LeasedTask;
import dev.tide.api.NewJob;
import dev.tide.api.NewTask;
import dev.tide.api.Outcome;
import dev.tide.api.Page;
import dev.tide.api.Profile;
import dev.tide.api.ProfileStatus;
import dev.tide.api.TaskInfo;
import dev.tide.api.TaskQuery;
import dev.tide.api.TaskState;
import dev.tide.core.Tide;
import dev.tide.core.TideBuilder;
import dev.tide.core.TideConfig;
import dev.tide.core.time.ManualClock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * Runs a {@link SimulationSpec} on a real engine whose clock is a {@link ManualClock}: a week takes seconds.
 *
 * <p>The engine is the one applications use, on the store it is given (a fresh SQLite folder, or an empty PostgreSQL
 * schema), with maintenance run by hand after every step. At each step the clock moves to the step's instant; when an
 * hour begins, the load curve's value for it is reported ({@code reportLoad}); the workload's arrivals are enqueued;
 * then each simulated worker claims through the normal claim path and acknowledges at once, until a claim comes back
 * empty (or, with a processing cycle, at the cycle's instants within one session per worker and cycle). A handler
 * takes no time: what a task does is over at the instant it was claimed, so a task's finish time is its start time. A
 * divisible task granted less than its units uses its grant and comes back for the rest ({@code release} with
 * {@code unitsUsed}).
 *
 * <p>Nothing is counted by the simulator itself: the hourly limits and the units used are what
 * {@code profileStatus()} reads from the store after each step, and completions and deadlines are read back from the
 * stored tasks and jobs when the week is over.
 */
public final class Simulation {
    private final SimulationSpec spec;
    private final TideBuilder storage;
    private final long seed;

    private Simulation(SimulationSpec spec, TideBuilder storage, long seed) {
        this.spec = spec;
        this.storage = storage;
        this.seed = seed;
    }

    /**
     * Runs the simulation on the store {@code storage} is set up for, which must hold no tasks yet; {@code seed} draws
     * the load curve's noise.
     */
    public static SimulationResult run(SimulationSpec spec, TideBuilder storage, long seed) {
        return new Simulation(spec, storage, seed).run();
    }

    private SimulationResult run() {
        long began = System.nanoTime();
        ZoneId zone = spec.zone();
        Instant start = spec.start().atZone(zone).toInstant();
        Instant end = spec.start().plusDays(spec.days()).atZone(zone).toInstant();
        ManualClock clock = new ManualClock(start);
        TideConfig config = TideConfig.defaults()
                .withMaintenanceInterval(null)
                .withRetention(null)
                .withNodeName("simulation");
        try (Tide tide = storage.clock(clock).config(config).build()) {
            if (!tide.tasks(TaskQuery.all().withLimit(1)).items().isEmpty()) {
                throw new IllegalStateException("a simulation needs a store without tasks");
            }
            for (Profile profile : spec.profiles()) {
                tide.profiles().define(profile);
            }
            Random noise = new Random(seed);
            Map<Instant, Hour> hours = new LinkedHashMap<>();
            List<Long> jobs = new ArrayList<>();
            long enqueued = 0;
            long step = 0;
            for (Instant now = start; now.isBefore(end); now = now.plus(spec.step()), step++) {
                clock.set(now);
                LocalDateTime local = LocalDateTime.ofInstant(now, zone);
                LocalDateTime hourStart = local.truncatedTo(ChronoUnit.HOURS);
                Instant hourKey = now.atZone(zone).truncatedTo(ChronoUnit.HOURS).toInstant();
                Hour hour = hours.get(hourKey);
                if (hour == null) {
                    hour = new Hour(hourStart);
                    hours.put(hourKey, hour);
                    if (spec.load() != null) {
                        hour.load = spec.load().valueAt(hourStart, noise);
                        tide.profiles().reportLoad(spec.load().signal(), hour.load);
                    }
                }
                LocalDateTime stepEnd = LocalDateTime.ofInstant(now.plus(spec.step()), zone);
                enqueued += arrive(tide, now, local, stepEnd, jobs);
                if (hour.waitingAtStart < 0) {
                    hour.waitingAtStart = ready(tide);
                }
                if (cycleDue(step)) {
                    for (int w = 1; w <= spec.workers().count(); w++) {
                        work(tide, "sim-" + w, spec.workers().cycle() == null ? null : "sim-" + w + "/" + step);
                    }
                }
                tide.passes().runMaintenance();
                read(tide.profiles().status(), hours, zone);
                if (!now.plus(spec.step())
                        .atZone(zone)
                        .truncatedTo(ChronoUnit.HOURS)
                        .toInstant()
                        .equals(hourKey)) {
                    hour.waitingAtEnd = ready(tide);
                }
            }
            Map<Instant, Long> completed = new HashMap<>();
            Deadlines deadlines = readBack(tide, jobs, end, zone, completed);
            List<HourRow> rows = new ArrayList<>();
            hours.forEach((key, h) -> rows.add(h.row(completed.getOrDefault(key, 0L))));
            return new SimulationResult(spec, rows, deadlines, enqueued, Duration.ofNanos(System.nanoTime() - began));
        }
    }

    private boolean cycleDue(long step) {
        Duration cycle = spec.workers().cycle();
        return cycle == null || (step * spec.step().toMillis()) % cycle.toMillis() == 0;
    }

    /** Enqueues what arrives in the step; returns how many tasks. */
    private long arrive(Tide tide, Instant now, LocalDateTime from, LocalDateTime until, List<Long> jobs) {
        long n = 0;
        for (Arrivals a : spec.workload()) {
            if (!a.arrivesIn(from, until, spec.start())) {
                continue;
            }
            Instant due = a.deadlineAfter() == null ? null : now.plus(a.deadlineAfter());
            List<NewTask> tasks = new ArrayList<>(a.count());
            for (int i = 0; i < a.count(); i++) {
                NewTask.Builder task =
                        NewTask.builder(a.type()).queue(a.queue()).deadline(due);
                if (a.units() != null) {
                    task.units(a.units());
                }
                if (a.divisible() != null) {
                    task.divisible(a.divisible());
                }
                if (a.priority() != null) {
                    task.priority(a.priority());
                }
                tasks.add(task.build());
            }
            if (a.jobType() != null) {
                jobs.add(tide.createJob(NewJob.builder(a.jobType())
                                .deadline(due)
                                .tasks(tasks)
                                .build())
                        .job()
                        .id());
            } else {
                for (int from0 = 0; from0 < tasks.size(); from0 += TideConfig.MAX_BATCH) {
                    tide.enqueueAll(tasks.subList(from0, Math.min(tasks.size(), from0 + TideConfig.MAX_BATCH)));
                }
            }
            n += tasks.size();
        }
        return n;
    }

    /** One worker's turn: claims and acknowledges until a claim gives nothing. */
    private void work(Tide tide, String worker, String session) {
        for (String queue : spec.workers().queues()) {
            ClaimRequest request =
                    ClaimRequest.of(queue, worker, spec.workers().claimLimit()).withSession(session);
            while (true) {
                List<LeasedTask> got = tide.claim(request);
                if (got.isEmpty()) {
                    break;
                }
                List<Ack> acks = new ArrayList<>(got.size());
                for (LeasedTask t : got) {
                    Integer budget = t.budget();
                    if (budget != null && budget < t.task().units()) {
                        acks.add(t.ack().unitsUsed(budget).release());
                    } else {
                        acks.add(t.ack().succeed());
                    }
                }
                tide.ackAll(acks);
            }
        }
    }

    /** The ready tasks in the workers' queues, counted by the store. */
    private long ready(Tide tide) {
        long n = 0;
        for (String queue : spec.workers().queues()) {
            n += tide.storeReadings().taskCount(queue, TaskState.READY).orElse(0);
        }
        return n;
    }

    /** Keeps each profile's latest reading of its hour: the limit (the highest seen) and the units used. */
    private static void read(List<ProfileStatus> statuses, Map<Instant, Hour> hours, ZoneId zone) {
        for (ProfileStatus s : statuses) {
            Instant key = s.active()
                    .hourStart()
                    .atZone(zone)
                    .truncatedTo(ChronoUnit.HOURS)
                    .toInstant();
            Hour hour = hours.get(key);
            if (hour != null) {
                hour.profiles.merge(
                        s.active().profileKey(),
                        new Reading(s.active().maxPerHour(), s.usedThisHour()),
                        Reading::later);
            }
        }
    }

    /** Counts completions per hour from the stored tasks, and checks every deadline against the store. */
    private static Deadlines readBack(
            Tide tide, List<Long> jobs, Instant end, ZoneId zone, Map<Instant, Long> completed) {
        long met = 0;
        long missed = 0;
        long open = 0;
        long none = 0;
        String cursor = null;
        do {
            Page<TaskInfo> page =
                    tide.tasks(TaskQuery.all().withLimit(TaskQuery.MAX_LIMIT).withCursor(cursor));
            for (TaskInfo t : page.items()) {
                if (t.state() == TaskState.FINISHED && t.outcome() == Outcome.SUCCEEDED) {
                    completed.merge(
                            t.finishedAt()
                                    .atZone(zone)
                                    .truncatedTo(ChronoUnit.HOURS)
                                    .toInstant(),
                            1L,
                            Long::sum);
                }
                if (t.deadline() == null) {
                    none += t.state() == TaskState.FINISHED ? 1 : 0;
                } else if (t.state() == TaskState.FINISHED) {
                    if (t.finishedAt().isAfter(t.deadline())) {
                        missed++;
                    } else {
                        met++;
                    }
                } else if (t.deadline().isBefore(end)) {
                    missed++;
                } else {
                    open++;
                }
            }
            cursor = page.nextCursor();
        } while (cursor != null);
        for (long id : jobs) {
            JobInfo job = tide.job(id);
            if (job.deadline() == null) {
                continue;
            }
            if (job.isFinished()) {
                if (job.finishedAt().isAfter(job.deadline())) {
                    missed++;
                } else {
                    met++;
                }
            } else if (job.deadline().isBefore(end)) {
                missed++;
            } else {
                open++;
            }
        }
        return new Deadlines(met, missed, open, none);
    }

    private record Reading(Long allowed, long used) {
        Reading later(Reading next) {
            Long highest = allowed == null || next.allowed == null ? null : Math.max(allowed, next.allowed);
            return new Reading(highest, next.used);
        }
    }

    /** What one hour has gathered so far. */
    private static final class Hour {
        final LocalDateTime start;
        final Map<String, Reading> profiles = new LinkedHashMap<>();
        double load = Double.NaN;
        long waitingAtStart = -1;
        long waitingAtEnd;

        Hour(LocalDateTime start) {
            this.start = start;
        }

        HourRow row(long completed) {
            Long allowed = 0L;
            long used = 0;
            for (Reading r : profiles.values()) {
                allowed = allowed == null || r.allowed() == null ? null : allowed + r.allowed();
                used += r.used();
            }
            if (profiles.isEmpty()) {
                allowed = null;
            }
            return new HourRow(start, load, allowed, used, completed, waitingAtStart, waitingAtEnd);
        }
    }
}
