package dev.tide.server.jmx;

/**
 * {@code dev.tide:type=Queue,name=<queue>}: one queue (seed 004's metadataSubmissionQueueManager and
 * querySubmissionQueueManager). Where a setting may be absent, a number says so: concurrency {@code -1} is no cap,
 * a pending bound {@code 0} is no bound.
 */
public interface QueueAdminMXBean {
    String getName();

    /** The discipline: fifo, priority, edf, roulette or fair. */
    String getDiscipline();

    /** Changes the discipline; waiting tasks take their place in the new order in the background. */
    void setDiscipline(String discipline);

    boolean isSuspended();

    /** A fair queue's tasks per user per round, for users without their own (seed 004's DefaultAllocation). */
    int getDefaultAllocation();

    void setDefaultAllocation(int allocation);

    /** A fair queue's cap on one user's leases at once, for users without their own; -1 for none. */
    int getDefaultConcurrency();

    void setDefaultConcurrency(int concurrency);

    /** The bound on the queue's pending tasks; 0 for none. */
    int getMaxPending();

    void setMaxPending(int bound);

    /** The bound on each user's pending tasks (a user may have its own); 0 for none. */
    int getMaxPendingPerUser();

    void setMaxPendingPerUser(int bound);

    /** The bound on pending tasks per coalescing key and owner; 0 for none. */
    int getMaxPendingPerKey();

    void setMaxPendingPerKey(int bound);

    /** This queue's own prohibited users, comma-separated (the server's apply as well). */
    String getProhibitedUsers();

    /** Replaces the queue's prohibited users: names separated by commas or spaces; empty for none. */
    void setProhibitedUsers(String users);

    /** Tasks waiting to be claimed now: ready, scheduled, blocked and parked. */
    long getDepth();

    long getReady();

    long getLeased();

    long getParked();

    /** The users the queue knows with their settings, one per line. */
    String[] getUsers();

    /** Gives these users (commas or spaces) this allocation; 0 leaves them out of the turns. Returns the users. */
    String[] assignUsersAllocations(String users, int allocation);

    /** Gives these users this concurrency cap; 0 dispatches none of their tasks. Returns the users. */
    String[] assignUsersConcurrencies(String users, int concurrency);

    /** Gives these users their own bound on pending tasks, in place of the queue's per-user bound. */
    String[] assignUsersPendingLimits(String users, int maxPending);

    /** Gives these users the queue's defaults back (allocation, concurrency and pending bound). */
    String[] resetUsers(String users);

    void suspend();

    void resume();

    /**
     * Sets this queue's waiting tasks aside: those of {@code owner} (empty for anyone's) received from
     * {@code receivedFrom} up to {@code receivedTo} (ISO-8601 instants; empty for no limit). Returns how many.
     */
    int park(String owner, String receivedFrom, String receivedTo);

    /** Returns parked tasks, selected as {@link #park} does, to waiting. Returns how many. */
    int unpark(String owner, String receivedFrom, String receivedTo);
}
