package dev.tide.api;

import java.time.Instant;

/**
 * What happened to the tasks of one type in one hour (seed 000's queue_stats), as counted by the store in the same
 * transaction as each change. See {@code docs/statistics.md} for exactly what counts when.
 *
 * @param taskType the tasks' type
 * @param hour the start of the hour, UTC
 * @param started attempts begun: every claim of a task counts once, retries again
 * @param succeeded tasks that ended succeeded
 * @param failed tasks that ended failed for good: failed on their last attempt (or their lease expired on it), or
 *     failed on purpose; an attempt that failed and will be retried counts in {@code retried} instead
 * @param retried attempts that ended with the task scheduled to run again (a failure with attempts left, or a retry the
 *     handler asked for); releases that give the attempt back are not counted
 * @param expired waiting tasks that reached their expiry before a worker took them
 * @param unitsUsed work units the attempts that ended this hour used: what the acknowledgement reported, else what a
 *     profile granted at the claim, else the task's units
 */
public record HourlyStats(
        String taskType,
        Instant hour,
        long started,
        long succeeded,
        long failed,
        long retried,
        long expired,
        long unitsUsed) {

    /** The sums of two rows (of any types and hours), named after this one. */
    public HourlyStats plus(HourlyStats other) {
        return new HourlyStats(
                taskType,
                hour,
                started + other.started,
                succeeded + other.succeeded,
                failed + other.failed,
                retried + other.retried,
                expired + other.expired,
                unitsUsed + other.unitsUsed);
    }
}
