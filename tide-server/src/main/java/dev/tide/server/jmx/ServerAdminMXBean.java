package dev.tide.server.jmx;

/**
 * {@code dev.tide:type=Server}: the whole server (seed 004's queueServer bean). Changes apply on every node sharing
 * the store.
 */
public interface ServerAdminMXBean {
    /** This node's name. */
    String getNodeName();

    /** Whether dispatch is suspended server-wide. */
    boolean isSuspended();

    /** Whether this node did the maintenance chores on its last pass. */
    boolean isMaintenanceLeader();

    /**
     * The server-wide prohibited users, comma-separated: their tasks go only to claims (processors) that require them
     * by name.
     */
    String getProhibitedUsers();

    /** Replaces the prohibited users: names separated by commas or spaces; empty for none. */
    void setProhibitedUsers(String users);

    /** The defined queues (each has a {@code dev.tide:type=Queue,name=...} bean). */
    String[] getQueues();

    /** The processors (each has a {@code dev.tide:type=Processor,name=...} bean). */
    String[] getProcessors();

    /** Stops dispatch from every queue; tasks are still accepted. */
    void suspend();

    /** Lets the server dispatch again (queues suspended on their own stay so). */
    void resume();
}
