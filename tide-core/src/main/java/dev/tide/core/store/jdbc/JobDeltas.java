package dev.tide.core.store.jdbc;

import dev.tide.api.Outcome;
import java.util.Map;
import java.util.TreeMap;

/**
 * Per job, how many of its tasks ended how in one transaction; applied once per job, in id order (no deadlocks). A
 * job counts succeeded, failed and cancelled tasks; tasks that ended without running for another reason (expired,
 * superseded) count as cancelled ({@link Outcome#countsAsCancelled}).
 */
final class JobDeltas {
    static final int SUCCEEDED = 0;
    static final int FAILED = 1;
    static final int CANCELLED = 2;

    final Map<Long, int[]> byJob = new TreeMap<>();

    void add(Long jobId, Outcome outcome) {
        if (jobId == null) {
            return;
        }
        int[] counts = byJob.computeIfAbsent(jobId, k -> new int[3]);
        counts[slot(outcome)]++;
    }

    private static int slot(Outcome outcome) {
        return outcome == Outcome.SUCCEEDED ? SUCCEEDED : outcome.countsAsCancelled() ? CANCELLED : FAILED;
    }
}
