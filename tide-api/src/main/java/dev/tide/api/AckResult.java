package dev.tide.api;

import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * The answer to one acknowledgement of a batch.
 *
 * @param accepted false when the lease was lost and nothing changed
 * @param state the task's state after the acknowledgement (null when not accepted)
 * @param outcome the task's outcome if it finished
 * @param enqueued ids of the tasks the acknowledgement created, in request order
 */
public record AckResult(
        long taskId,
        boolean accepted,
        @Nullable TaskState state,
        @Nullable Outcome outcome,
        List<Long> enqueued) {
    public AckResult {
        enqueued = enqueued == null ? List.of() : List.copyOf(enqueued);
    }

    public static AckResult leaseLost(long taskId) {
        return new AckResult(taskId, false, null, null, List.of());
    }

    /** Returns this result, or throws {@link LeaseLostException} when it was not accepted. */
    public AckResult orThrow() {
        if (!accepted) {
            throw new LeaseLostException(taskId);
        }
        return this;
    }
}
