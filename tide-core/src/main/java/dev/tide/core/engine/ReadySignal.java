package dev.tide.core.engine;

import java.util.Collection;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Wakes claims waiting on a queue when tasks become ready in it: after a local commit at once, after another node's
 * commit through the store's notification (LISTEN/NOTIFY on PostgreSQL). A waiter remembers the version it saw before
 * its last empty claim, so a signal between that claim and its wait is never missed.
 */
public final class ReadySignal {
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition changed = lock.newCondition();
    private final Map<String, Long> versions = new HashMap<>();

    public long version(String queue) {
        lock.lock();
        try {
            return versions.getOrDefault(queue, 0L);
        } finally {
            lock.unlock();
        }
    }

    public void signal(Collection<String> queues) {
        if (queues.isEmpty()) {
            return;
        }
        lock.lock();
        try {
            for (String queue : queues) {
                versions.merge(queue, 1L, Long::sum);
            }
            changed.signalAll();
        } finally {
            lock.unlock();
        }
    }

    /** Waits until {@code queue} moves past version {@code seen}, or {@code nanos} pass. */
    public void await(String queue, long seen, long nanos) throws InterruptedException {
        lock.lock();
        try {
            long left = nanos;
            while (versions.getOrDefault(queue, 0L) == seen && left > 0) {
                left = changed.awaitNanos(left);
            }
        } finally {
            lock.unlock();
        }
    }
}
