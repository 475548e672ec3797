package dev.tide.core.store;

import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.DoubleSupplier;

/**
 * The leader's periodic passes over tasks and records: promoting due tasks, expiring leases and tasks, moving late
 * work, re-keying queues whose order changed, and pruning what retention lets go. Bounded batches, one transaction
 * each.
 */
public interface Housekeeping {

    /**
     * Gives up to {@code limit} waiting tasks of a queue whose discipline changed their key in the new order; returns
     * how many it re-keyed. A queue's re-keying ends once no task is left and {@code settledBefore} has passed its
     * change, so that enqueues racing the change are covered too.
     *
     * @param raceDraws exponential draws (mean 1) for tasks placed in a roulette queue
     */
    int taskRekey(int limit, Instant settledBefore, DoubleSupplier raceDraws);

    /**
     * Wakes the users of fair queues deactivated since {@code since} that have ready tasks after all (an enqueue can
     * race the claim that finds a user's tasks gone); returns how many.
     */
    int fairUsersWake(Instant since);

    /** Leases whose expiry has passed, oldest first, for the engine to settle. */
    List<ExpiredLease> taskLeaseExpired(Instant now, int limit);

    /**
     * Moves up to {@code limit} waiting tasks of open jobs past their deadline to their queue's late lane (ordered
     * queues only), where claims serve them by turns with the tasks on time; returns how many it moved.
     */
    int jobLateMove(Instant now, int limit);

    /** Ends up to {@code limit} waiting tasks whose expiry has passed as expired, oldest expiry first. */
    Expired taskExpireDue(Instant now, int limit);

    /** Moves scheduled tasks whose run-at has come to ready; returns the queues that got tasks. */
    Set<String> taskPromoteDue(Instant now, int limit);

    /** The earliest run-at among scheduled tasks. */
    Optional<Instant> taskNextRunAt();

    /**
     * Deletes up to {@code limit} tasks that finished before {@code cutoff}; returns how many, and the blobs they
     * referred to (the caller deletes those after this returns).
     */
    TaskPruned taskPrune(Instant cutoff, int limit);

    /** Deletes up to {@code limit} finished jobs that ended before {@code cutoff} and have no tasks left. */
    int jobPrune(Instant cutoff, int limit);

    /** Deletes up to {@code limit} events older than {@code cutoff}; returns how many. */
    int eventPrune(Instant cutoff, int limit);

    /** Deletes up to {@code limit} of folder intake's records of files handled before {@code cutoff}; returns how many. */
    int intakeFilePrune(Instant cutoff, int limit);

    /** Deletes up to {@code limit} rows of the statistics of hours before {@code cutoff}; returns how many. */
    int statsPrune(Instant cutoff, int limit);
}
