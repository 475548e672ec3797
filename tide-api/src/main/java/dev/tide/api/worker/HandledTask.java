package dev.tide.api.worker;

import dev.tide.api.Ack;
import dev.tide.api.AckResult;

/**
 * A task whose handler ran in the calling thread ({@link HandlerRegistry#runAndAcknowledge}): what it decided and how
 * the queue recorded it, whether the consumer sent the acknowledgement or the handler did in its own transaction.
 */
public record HandledTask(Ack ack, AckResult result) {

    /** Whether the task finished with success: its handler succeeded and the queue accepted that. */
    public boolean succeeded() {
        return result.accepted() && ack.kind() == Ack.Kind.SUCCEED;
    }
}
