package dev.tide.core.cycle;

import java.time.Instant;

/**
 * What one processing cycle did, and what it left.
 *
 * @param client the queue client's name
 * @param session the cycle's session, unique per cycle
 * @param claimed tasks it took
 * @param succeeded tasks that succeeded
 * @param failed attempts that failed (retried later or failed for good), and acknowledgements whose lease was lost
 * @param released tasks it took but gave back untouched, because its time limit came first
 * @param unitsUsed the units its tasks used against their profiles (what handlers reported, else what was granted)
 * @param stoppedBecause why it stopped taking tasks
 * @param readyRemaining ready tasks of its queue and types at its end: work it could have taken, but for the limits
 * @param nextDueAt the earliest time more work is due: now while ready work remains (the next hour's start when the
 *     hourly limit holds it back), else the first scheduled task's run-at; null when nothing is waiting
 */
public record CycleReport(
        String client,
        String session,
        Instant startedAt,
        Instant endedAt,
        int claimed,
        int succeeded,
        int failed,
        int released,
        long unitsUsed,
        StopReason stoppedBecause,
        long readyRemaining,
        Instant nextDueAt) {

    /** Whether ready work remains (the CLI's exit code 3). */
    public boolean workRemains() {
        return readyRemaining > 0;
    }
}
