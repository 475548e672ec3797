package dev.tide.bench;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Which of the benchmark's tasks ran, kept apart from every queue's own bookkeeping: each no-op handler records its
 * task's number here. A second run of one number counts as a duplicate, so a run that executed anything twice is
 * reported as such rather than as a fast one.
 */
final class Ledger {
    private final AtomicIntegerArray runs;
    private final CountDownLatch unseen;
    private final AtomicLong duplicates = new AtomicLong();

    Ledger(int tasks) {
        this.runs = new AtomicIntegerArray(tasks);
        this.unseen = new CountDownLatch(tasks);
    }

    void record(int task) {
        if (runs.getAndIncrement(task) == 0) {
            unseen.countDown();
        } else {
            duplicates.incrementAndGet();
        }
    }

    /** Waits until every task ran at least once; false if {@code timeout} passed first. */
    boolean awaitAll(Duration timeout) throws InterruptedException {
        return unseen.await(timeout.toMillis(), TimeUnit.MILLISECONDS);
    }

    long executed() {
        return runs.length() - unseen.getCount();
    }

    long duplicates() {
        return duplicates.get();
    }
}
