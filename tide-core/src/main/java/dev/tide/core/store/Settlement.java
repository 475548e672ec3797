package dev.tide.core.store;

import dev.tide.api.Outcome;
import dev.tide.api.TaskState;
import java.time.Instant;
import java.util.List;

/**
 * A resolved acknowledgement: a compare-and-set on (task id, lease token) moving a leased task to {@code target}.
 *
 * @param target {@link TaskState#FINISHED}, {@link TaskState#SCHEDULED} or {@link TaskState#READY}
 * @param outcome for FINISHED
 * @param runAt for SCHEDULED and READY
 * @param refundAttempt take back the attempt the claim counted (a release that did no work)
 * @param message replaces the task's message when not null
 * @param jobInfo replaces the job's info JSON when not null
 * @param enqueue tasks inserted only if the compare-and-set succeeds
 * @param unitsUsed of the units granted with the lease, those used; the rest goes back to the hour they were counted
 *     in. Null: all of them
 */
public record Settlement(
        long taskId,
        String token,
        TaskState target,
        Outcome outcome,
        Instant runAt,
        boolean refundAttempt,
        String result,
        String message,
        String jobInfo,
        List<TaskRow> enqueue,
        Integer unitsUsed) {

    public Settlement {
        enqueue = enqueue == null ? List.of() : List.copyOf(enqueue);
    }

    public static Settlement finish(long taskId, String token, Outcome outcome, String result, String message) {
        return new Settlement(
                taskId, token, TaskState.FINISHED, outcome, null, false, result, message, null, List.of(), null);
    }

    public static Settlement reschedule(
            long taskId, String token, Instant runAt, Instant now, String message, boolean refund) {
        TaskState target = runAt.isAfter(now) ? TaskState.SCHEDULED : TaskState.READY;
        return new Settlement(taskId, token, target, null, runAt, refund, null, message, null, List.of(), null);
    }

    public Settlement with(String newJobInfo, List<TaskRow> newEnqueue) {
        return new Settlement(
                taskId,
                token,
                target,
                outcome,
                runAt,
                refundAttempt,
                result,
                message,
                newJobInfo,
                newEnqueue,
                unitsUsed);
    }

    public Settlement withUnitsUsed(Integer units) {
        return new Settlement(
                taskId, token, target, outcome, runAt, refundAttempt, result, message, jobInfo, enqueue, units);
    }
}
