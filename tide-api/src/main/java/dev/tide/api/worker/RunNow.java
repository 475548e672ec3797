package dev.tide.api.worker;

import dev.tide.api.EnqueuedAndClaimed;
import dev.tide.api.LeasedTask;
import dev.tide.api.NewTask;
import dev.tide.api.RunNowResult;
import dev.tide.api.TaskQueue;
import java.util.Objects;

/**
 * Runs a small task at once in the calling thread. Here rather than on {@link TaskQueue}, which would then depend on
 * the handlers that depend on it.
 */
public final class RunNow {
    private RunNow() {}

    /**
     * Runs a small task at once in the calling thread when its profile has room ({@link TaskQueue#enqueueAndClaim}), and
     * acknowledges it with what the handler decided; else leaves it queued for a worker or a cycle.
     */
    public static RunNowResult runNowOrEnqueue(TaskQueue queue, NewTask task, TaskHandler handler) {
        Objects.requireNonNull(handler, "handler");
        String caller = "caller-" + ProcessHandle.current().pid() + "-"
                + Thread.currentThread().threadId();
        EnqueuedAndClaimed got = queue.enqueueAndClaim(task, caller, null);
        LeasedTask leased = got.leased();
        if (leased == null) {
            return new RunNowResult(got.enqueued(), null, null);
        }
        HandledTask handled = HandlerRegistry.of(leased.task().type(), handler).runAndAcknowledge(leased, queue);
        return new RunNowResult(got.enqueued(), handled.ack(), handled.result());
    }
}
