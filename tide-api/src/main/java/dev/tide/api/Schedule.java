package dev.tide.api;

import java.time.Duration;
import java.time.ZoneId;
import java.time.ZoneOffset;
import org.jspecify.annotations.Nullable;

/**
 * A named recurring task: at each firing of its cron expression, read in its zone, one task is enqueued from the
 * template, exactly once across every node (see docs/recurring.md).
 *
 * <p>Each instance is the template with {@code runAt} the firing instant and an idempotency key
 * {@code schedule:<name>:<firing instant>}; with {@code window}, a deadline that long after the firing; with
 * {@code expireAfter}, an expiry that long after it (a firing whose instance would be born expired fires nothing).
 *
 * @param name 1 to 100 letters, digits or {@code . _ : -}
 * @param cron five fields (minute hour day-of-month month day-of-week, as in crontab) or six with seconds first
 * @param zone the zone the expression is read in; UTC when null
 * @param task the template of each instance; it must leave to the schedule what the schedule sets per firing (runAt,
 *     delay, deadline, expiresAt, idempotencyKey) and may not join a job or depend on other tasks
 * @param misfire what to do with firings missed by more than {@code misfireGrace}; {@link Misfire#ONCE} when null
 * @param misfireGrace how late a firing may be and still fire as a firing on time; {@link #DEFAULT_MISFIRE_GRACE} when
 *     null
 * @param window each instance's deadline is its firing plus this (the task's window: from its start to its deadline)
 * @param expireAfter each instance still waiting this long after its firing ends expired, never delivered
 * @param paused whether firings are held back; when null a new schedule runs and a replaced one keeps its state
 */
public record Schedule(
        String name,
        String cron,
        @Nullable ZoneId zone,
        NewTask task,
        @Nullable Misfire misfire,
        @Nullable Duration misfireGrace,
        @Nullable Duration window,
        @Nullable Duration expireAfter,
        @Nullable Boolean paused) {

    /** How late a firing may be and still count as on time, unless the schedule says otherwise. */
    public static final Duration DEFAULT_MISFIRE_GRACE = Duration.ofMinutes(1);

    /** The most instances one schedule fires in one catch-up; older missed firings beyond it are dropped. */
    public static final int MAX_FIRINGS_PER_CATCH_UP = 100;

    public Schedule {
        TaskType.requireName("name", name);
        if (cron == null || cron.isBlank()) {
            throw new InvalidRequestException("cron", "is required");
        }
        cron = cron.trim();
        zone = zone == null ? ZoneOffset.UTC : zone;
        if (task == null) {
            throw new InvalidRequestException("task", "is required: the template of each instance");
        }
        refuseSet("task.runAt", task.runAt(), "is the firing instant, set per firing");
        refuseSet("task.delay", task.delay(), "is not allowed: instances run at their firing");
        refuseSet("task.deadline", task.deadline(), "is set per firing: give the schedule a window");
        refuseSet("task.expiresAt", task.expiresAt(), "is set per firing: give the schedule expireAfter");
        refuseSet("task.idempotencyKey", task.idempotencyKey(), "is set per firing (schedule:<name>:<firing>)");
        refuseSet("task.jobId", task.jobId(), "is not allowed: a job ends, a schedule goes on");
        refuseSet("task.ref", task.ref(), "is not allowed in a template");
        if (!task.dependsOn().isEmpty()) {
            throw new InvalidRequestException("task.dependsOn", "is not allowed in a template");
        }
        misfire = misfire == null ? Misfire.ONCE : misfire;
        misfireGrace = misfireGrace == null ? DEFAULT_MISFIRE_GRACE : misfireGrace;
        if (misfireGrace.isNegative()) {
            throw new InvalidRequestException("misfireGrace", "must not be negative");
        }
        requirePositive("window", window);
        requirePositive("expireAfter", expireAfter);
    }

    /** A running schedule of {@code task} at each firing of {@code cron} in UTC, with the default misfire policy. */
    public static Schedule of(String name, String cron, NewTask task) {
        return new Schedule(name, cron, null, task, null, null, null, null, null);
    }

    public Schedule withZone(ZoneId value) {
        return new Schedule(name, cron, value, task, misfire, misfireGrace, window, expireAfter, paused);
    }

    public Schedule withMisfire(Misfire value, Duration grace) {
        return new Schedule(name, cron, zone, task, value, grace, window, expireAfter, paused);
    }

    public Schedule withWindow(Duration value) {
        return new Schedule(name, cron, zone, task, misfire, misfireGrace, value, expireAfter, paused);
    }

    public Schedule withExpireAfter(Duration value) {
        return new Schedule(name, cron, zone, task, misfire, misfireGrace, window, value, paused);
    }

    public Schedule withPaused(Boolean value) {
        return new Schedule(name, cron, zone, task, misfire, misfireGrace, window, expireAfter, value);
    }

    /** The idempotency key of the instance of the firing at {@code firing}. */
    public String instanceKey(java.time.Instant firing) {
        return "schedule:" + name + ":" + firing;
    }

    private static void refuseSet(String field, @Nullable Object value, String problem) {
        if (value != null) {
            throw new InvalidRequestException(field, problem);
        }
    }

    private static void requirePositive(String field, @Nullable Duration value) {
        if (value != null && (value.isZero() || value.isNegative())) {
            throw new InvalidRequestException(field, "must be positive");
        }
    }
}
