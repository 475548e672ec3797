package dev.tide.core;

/**
 * How the caller of {@link Tide#joining(java.sql.Connection, CommitHooks)} tells Tide that its transaction committed.
 * Tide hands over the in-process effects of its joined calls that must follow the commit and never a rollback: waking
 * this node's waiting claims, counting the calls in the Micrometer meters, deleting the payload blobs of tasks acked as
 * succeeded, telling job-finished listeners. A framework passes its own hooks (Spring: a
 * {@code TransactionSynchronization}'s {@code afterCommit}).
 *
 * <p>With {@link #none()} those effects do not run. Nothing is lost that matters: on PostgreSQL a joined enqueue sends
 * its wake-up {@code NOTIFY} inside the transaction, which PostgreSQL delivers at the commit to every node, this one
 * included, so claims still wake at once; the meters miss the joined calls; payload blobs of succeeded tasks are
 * released by maintenance.
 */
@FunctionalInterface
public interface CommitHooks {
    /** Runs {@code action} once the caller's transaction has committed; never if it rolls back. */
    void afterCommit(Runnable action);

    /** No hooks: the in-process after-commit effects are dropped (see the class comment for what still happens). */
    static CommitHooks none() {
        return action -> {};
    }
}
