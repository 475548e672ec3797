package dev.tide.core.simulate;

import dev.tide.api.InvalidRequestException;
import dev.tide.api.Profile;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.util.List;

/**
 * What {@code tide simulate} runs: profiles, an optional load curve and a workload, over some days of a virtual clock
 * (the input file's format, described in docs/simulate.md).
 *
 * @param start the first instant, as wall-clock time in {@code zone}
 * @param zone the zone the simulation's hours and days are read in (and charted by); UTC when null
 * @param days how many days to run; 7 when null
 * @param step how far the clock moves between two rounds of the workers: how often an idle worker looks for work
 *     again; five minutes when null
 * @param profiles the profiles to define, as the HTTP API takes them
 * @param load the load signal's curve, or null for none
 * @param workload the tasks that arrive
 * @param workers who claims them
 * @param chart how the chart is drawn; null for its defaults
 */
public record SimulationSpec(
        LocalDateTime start,
        ZoneId zone,
        Integer days,
        Duration step,
        List<Profile> profiles,
        LoadCurve load,
        List<Arrivals> workload,
        Workers workers,
        ChartOptions chart) {

    public static final int MAX_DAYS = 366;
    public static final Duration DEFAULT_STEP = Duration.ofMinutes(5);

    public SimulationSpec {
        if (start == null) {
            throw new InvalidRequestException("start", "is required: the first instant, such as \"2026-01-03T00:00\"");
        }
        zone = zone == null ? java.time.ZoneOffset.UTC : zone;
        days = days == null ? 7 : days;
        if (days < 1 || days > MAX_DAYS) {
            throw new InvalidRequestException("days", "must be between 1 and " + MAX_DAYS);
        }
        step = step == null ? DEFAULT_STEP : step;
        if (step.compareTo(Duration.ofSeconds(1)) < 0 || step.compareTo(Duration.ofHours(1)) > 0) {
            throw new InvalidRequestException("step", "must be between PT1S and PT1H");
        }
        if (Duration.ofHours(1).toMillis() % step.toMillis() != 0) {
            throw new InvalidRequestException("step", "must divide an hour evenly (PT1M, PT5M, PT15M, ...)");
        }
        profiles = profiles == null ? List.of() : List.copyOf(profiles);
        workload = workload == null ? List.of() : List.copyOf(workload);
        workers = workers == null ? Workers.ONE : workers;
        chart = chart == null ? ChartOptions.DEFAULT : chart;
        if (workers.cycle() != null && workers.cycle().toMillis() % step.toMillis() != 0) {
            throw new InvalidRequestException("workers.cycle", "must be a whole number of steps (" + step + ")");
        }
    }

    /** A copy starting at {@code value} (wall-clock in the zone). */
    public SimulationSpec withStart(LocalDateTime value) {
        return new SimulationSpec(value, zone, days, step, profiles, load, workload, workers, chart);
    }

    /** A copy running for {@code value} days. */
    public SimulationSpec withDays(int value) {
        return new SimulationSpec(start, zone, value, step, profiles, load, workload, workers, chart);
    }

    /**
     * The simulated workers: {@code count} of them, each claiming up to {@code claimLimit} tasks at a time from
     * {@code queues}. Without a {@code cycle} they claim continuously, every step until nothing more is given (each
     * claim a session of its own); with one, they run a processing cycle at that period, all claims of one worker's
     * cycle sharing one session (the thesis's cron-driven queue client).
     */
    public record Workers(Integer count, Integer claimLimit, Duration cycle, List<String> queues) {
        static final Workers ONE = new Workers(null, null, null, null);

        public Workers {
            count = count == null ? 1 : count;
            if (count < 1 || count > 64) {
                throw new InvalidRequestException("count", "must be between 1 and 64");
            }
            claimLimit = claimLimit == null ? 100 : claimLimit;
            if (claimLimit < 1 || claimLimit > 1000) {
                throw new InvalidRequestException("claimLimit", "must be between 1 and 1000");
            }
            if (cycle != null && (cycle.isNegative() || cycle.isZero())) {
                throw new InvalidRequestException("cycle", "must be positive");
            }
            queues = queues == null || queues.isEmpty() ? List.of("default") : List.copyOf(queues);
        }
    }

    /** Chart settings: the scale of the throughput axis, {@code linear} (default) or {@code log}. */
    public record ChartOptions(String scale, String title) {
        static final ChartOptions DEFAULT = new ChartOptions(null, null);

        public ChartOptions {
            scale = scale == null ? "linear" : scale;
            if (!scale.equals("linear") && !scale.equals("log")) {
                throw new InvalidRequestException("scale", "must be linear or log");
            }
        }

        boolean logScale() {
            return scale.equals("log");
        }
    }
}
