package dev.tide.api;

import java.util.List;
import java.util.Set;

/**
 * Queues and their users: what a queue is (its discipline and bounds), whether it dispatches, and the shares of the
 * users within it. Reached from {@code queues()} of the embedded engine and of the HTTP client alike.
 */
public interface Queues {

    /**
     * Creates or changes a queue's definition. A new discipline applies to tasks enqueued from now on at once; tasks
     * already waiting are given their place in the new order in the background, in batches ({@link
     * QueueInfo#reordering()} until done). A queue's suspension is kept.
     */
    QueueInfo define(QueueDefinition definition);

    /** All defined queues, by name. */
    List<QueueInfo> list();

    /**
     * Stops dispatch from a queue on every node at once: claims get nothing from it, while tasks are still accepted.
     * Defines the queue (in {@link Discipline#PRIORITY} order) if it was not.
     */
    QueueInfo suspend(String name);

    /** Lets a suspended queue dispatch again. */
    QueueInfo resume(String name);

    /**
     * Stops dispatch from every queue on every node at once (the server's suspension), as {@link #suspend} does for
     * one; tasks are still accepted. Queues suspended on their own stay so after {@link #resumeAll()}.
     */
    StatusReport suspendAll();

    /** Lets the server dispatch again (queues suspended on their own stay suspended). */
    StatusReport resumeAll();

    /**
     * Gives users of a queue their own allocation and concurrency cap (for a {@link Discipline#FAIR} queue), or gives
     * them back the queue's defaults (null fields). Takes effect at the next claim. Returns the users as they stand.
     */
    List<QueueUser> assignUsers(String queue, UserShares shares);

    /**
     * Changes only the settings {@code shares} gives (non-null fields) of these users of a queue, keeping the others
     * (seed 004's assignUsersDefaultAllocations changes the allocations alone). Takes effect at the next claim or
     * enqueue. Returns the users as they stand.
     */
    List<QueueUser> adjustUsers(String queue, UserShares shares);

    /** The users a queue knows (those with tasks so far or with settings of their own), by name. */
    List<QueueUser> users(String queue);

    /**
     * How many tasks of each user a fair queue served in the last hour (by the engine's clock): its tasks that ended
     * succeeded or failed for good, at most {@link ServedTasks#LIMIT} of them, the latest. A queue that is not fair,
     * or unknown, served nobody in turns: its answer lists no user.
     */
    ServedTasks served(String queue);

    /**
     * Replaces the server-wide prohibited users: their tasks, in every queue, go only to claims that require them by
     * name ({@link UserFilter#required()}), as a dedicated processor does. Queues add their own
     * ({@link QueueDefinition#prohibitedUsers()}).
     */
    Set<String> prohibitUsers(Set<String> users);

    /** The server-wide prohibited users. */
    Set<String> prohibitedUsers();
}
