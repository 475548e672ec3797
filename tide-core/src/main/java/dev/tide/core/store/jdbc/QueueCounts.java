package dev.tide.core.store.jdbc;

import dev.tide.api.Outcome;
import dev.tide.api.StatusReport.QueueDepth;
import dev.tide.api.TaskState;
import java.util.EnumMap;
import java.util.Map;

/** One queue's task counts by state, and by outcome for finished tasks, as the status report adds them up. */
final class QueueCounts {
    private final String queue;
    private final Map<TaskState, Long> byState = new EnumMap<>(TaskState.class);
    private final Map<Outcome, Long> byOutcome = new EnumMap<>(Outcome.class);

    QueueCounts(String queue) {
        this.queue = queue;
    }

    void add(TaskState state, Outcome outcome, long n) {
        if (outcome != null) {
            byOutcome.merge(outcome, n, Long::sum);
        } else {
            byState.merge(state, n, Long::sum);
        }
    }

    QueueDepth depth() {
        return new QueueDepth(
                queue,
                of(byState, TaskState.SCHEDULED),
                of(byState, TaskState.BLOCKED),
                of(byState, TaskState.READY),
                of(byState, TaskState.LEASED),
                of(byState, TaskState.PARKED),
                of(byOutcome, Outcome.SUCCEEDED),
                of(byOutcome, Outcome.FAILED),
                of(byOutcome, Outcome.CANCELLED),
                of(byOutcome, Outcome.EXPIRED),
                of(byOutcome, Outcome.SUPERSEDED));
    }

    private static <K> long of(Map<K, Long> counts, K key) {
        return counts.getOrDefault(key, 0L);
    }
}
