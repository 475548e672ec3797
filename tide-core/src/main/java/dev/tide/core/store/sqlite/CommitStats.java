package dev.tide.core.store.sqlite;

import java.util.Arrays;

/**
 * Commit latencies of the group-commit writer: with {@code synchronous=FULL} a commit's time is dominated by the fsync
 * of the WAL, so this is the fsync latency the benchmark prints. Keeps the last {@value #WINDOW} commits for
 * percentiles.
 */
public final class CommitStats {
    private static final int WINDOW = 8192;

    private final long[] recent = new long[WINDOW];
    private long commits;
    private long units;
    private long totalNanos;
    private long maxNanos;

    synchronized void record(long nanos, int groupSize) {
        recent[(int) (commits % WINDOW)] = nanos;
        commits++;
        units += groupSize;
        totalNanos += nanos;
        maxNanos = Math.max(maxNanos, nanos);
    }

    /** A consistent copy of the figures. */
    public synchronized Snapshot snapshot() {
        int n = (int) Math.min(commits, WINDOW);
        long[] sorted = Arrays.copyOf(recent, n);
        Arrays.sort(sorted);
        return new Snapshot(
                commits,
                units,
                commits == 0 ? 0 : totalNanos / commits,
                n == 0 ? 0 : sorted[n / 2],
                n == 0 ? 0 : sorted[Math.min(n - 1, (int) (n * 0.99))],
                maxNanos);
    }

    /**
     * @param units units of work (writes from callers) committed; units / commits is the mean group size
     */
    public record Snapshot(long commits, long units, long meanNanos, long p50Nanos, long p99Nanos, long maxNanos) {
        public double meanGroupSize() {
            return commits == 0 ? 0 : (double) units / commits;
        }
    }
}
