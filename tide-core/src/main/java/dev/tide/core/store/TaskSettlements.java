package dev.tide.core.store;

import dev.tide.api.TaskSelection;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * Moving tasks to their next state outside a claim: settling leases (acknowledgements and failures), cancelling,
 * retrying, parking and unparking. Job counters move in the same transaction as their tasks.
 */
public interface TaskSettlements {

    /** Applies settlements, each a compare-and-set on its lease token, in one transaction. */
    SettleBatch taskSettleMany(List<Settlement> settlements, Instant now);

    /** Ends an unfinished task as cancelled. Empty when it does not exist; finished tasks are returned unchanged. */
    Optional<SettleBatch> taskCancel(long taskId, String reason, Instant now);

    /** Makes a failed or cancelled task ready again with attempts reset, re-opening its job. */
    Optional<SettleBatch> taskRetry(long taskId, Instant now);

    /** Cancels the job's unfinished tasks; the job ends cancelled. Empty when the job does not exist. */
    Optional<SettleBatch> jobCancel(long jobId, String reason, Instant now);

    /** Sets the waiting tasks of a selection aside (parked); leased ones run on. Returns how many it parked. */
    int taskPark(TaskSelection selection);

    /** Returns the parked tasks of a selection to the state they would have now (blocked, scheduled or ready). */
    Unparked taskUnpark(TaskSelection selection, Instant now);
}
