package dev.tide.server;

import dev.tide.api.ClaimRequest;
import dev.tide.api.LeasedTask;
import dev.tide.api.auth.AccountWorkers;
import java.time.Duration;
import java.util.List;

/**
 * Claims with a wait, capped server-side, and cut into short slices so that a stopping server ends its waiting claims
 * within one slice instead of holding its graceful stop for the whole wait. Each slice is an ordinary claim that the
 * engine wakes as soon as a task becomes ready, so slicing costs no latency; it adds one claim per slice to an idle
 * wait, about what the engine's own fallback polling does anyway.
 */
final class LongPoll {
    /** How often a waiting claim checks whether the server is stopping. */
    static final Duration SLICE = Duration.ofSeconds(1);

    private final AccountWorkers workers;
    private final Duration maxWait;
    private final Lifecycle lifecycle;

    LongPoll(AccountWorkers workers, Duration maxWait, Lifecycle lifecycle) {
        this.workers = workers;
        this.maxWait = maxWait;
        this.lifecycle = lifecycle;
    }

    /** @param account whose the leases are ({@link AccountWorkers}); null for unscoped */
    List<LeasedTask> claim(String account, ClaimRequest request) {
        Duration wait = request.waitFor();
        if (wait == null || wait.isZero() || wait.isNegative()) {
            return workers.claim(account, request); // the engine checks a negative wait
        }
        if (wait.compareTo(maxWait) > 0) {
            wait = maxWait;
        }
        long deadline = System.nanoTime() + wait.toNanos();
        while (true) {
            long left = deadline - System.nanoTime();
            long slice = Math.max(0, Math.min(left, SLICE.toNanos()));
            long sliceStart = System.nanoTime();
            List<LeasedTask> claimed = workers.claim(account, request.withWait(Duration.ofNanos(slice)));
            long now = System.nanoTime();
            boolean gaveUpEarly = now - sliceStart < slice / 2; // the queue is closing: waiting on would spin
            if (!claimed.isEmpty() || now - deadline >= 0 || gaveUpEarly || lifecycle.isStopping()) {
                return claimed;
            }
        }
    }
}
