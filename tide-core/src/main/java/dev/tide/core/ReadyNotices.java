package dev.tide.core;

import dev.tide.api.JobInfo;
import dev.tide.core.engine.ReadySignal;
import dev.tide.core.store.Coordination;
import dev.tide.core.store.SettleBatch;
import dev.tide.core.store.jdbc.JoinedTransaction;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;

/**
 * Tells whoever waits that queues have tasks ready: claims long-polling on this node (through the ready signal), other
 * nodes (through the store), and after a settle the listeners of the jobs it finished. Built before the collaborators
 * that report such changes, so that they are handed this and not the engine.
 */
final class ReadyNotices {
    private final ReadySignal signal = new ReadySignal();
    private final Coordination store;
    private final List<Consumer<JobInfo>> jobListeners = new CopyOnWriteArrayList<>();

    /** Also listens for other nodes' notices through the store. */
    ReadyNotices(Coordination store) {
        this.store = store;
        store.readySubscribe(queue -> signal.signal(List.of(queue)));
    }

    /** What this node's claims wait on. */
    ReadySignal signal() {
        return signal;
    }

    /**
     * Inside a joined transaction this node's claims are woken once it commits (never if it rolls back, nor without
     * commit hooks), and other nodes by a notification sent inside it, which PostgreSQL delivers at the commit.
     */
    void wake(Set<String> queues) {
        if (!queues.isEmpty()) {
            JoinedTransaction.whenCommitted(() -> signal.signal(queues));
            store.readyPublish(queues);
        }
    }

    void afterSettle(SettleBatch batch) {
        wake(batch.readyQueues());
        if (batch.finishedJobs().isEmpty()) {
            return;
        }
        JoinedTransaction.whenCommitted(() -> tellJobListeners(batch.finishedJobs()));
    }

    private void tellJobListeners(List<JobInfo> finished) {
        for (JobInfo job : finished) {
            for (Consumer<JobInfo> listener : jobListeners) {
                listener.accept(job);
            }
        }
    }

    void onJobFinished(Consumer<JobInfo> listener) {
        jobListeners.add(listener);
    }
}
