package dev.tide.core.store;

import java.util.List;

/**
 * Inserting tasks and jobs: the enqueue transactions. Each method is one transaction.
 */
public interface TaskInserts {

    /** Inserts a job and its first tasks; the tasks' job id is set by the store. */
    JobInsertResult jobInsert(JobRow job, List<TaskRow> tasks);

    /**
     * Inserts tasks in one transaction. A row whose idempotency key is taken returns the existing task (created =
     * false), or fails the whole call with a {@link dev.tide.api.ConflictException} when its type or payload differs.
     */
    InsertBatch taskInsertMany(List<TaskRow> rows);

    /**
     * Inserts one task and, in the same transaction, leases it to the caller as a claim by id would (its profile
     * charged, its queue's suspension and caps honoured) when it is ready and its profile has room now; otherwise it
     * stays queued.
     */
    LeasedInsert taskInsertLeased(TaskRow row, CallerLease lease);
}
