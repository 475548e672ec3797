package dev.tide.server.jmx;

/**
 * {@code dev.tide:type=Processor,name=<processor>}: one processor (seed 004's Submission Processor). Setting an
 * attribute defines the processor again with that one field changed; it applies on every node within a couple of
 * seconds. Lists are names separated by commas or spaces; {@code -1} is no payload bound.
 */
public interface ProcessorAdminMXBean {
    String getName();

    /** local (handlers in the nodes) or remote (a filter set for remote workers). */
    String getKind();

    String getQueue();

    /** The task types it takes; empty for any. */
    String getTypes();

    void setTypes(String types);

    /** Only these users' tasks (seed 004's userFilter with excludeUsers false). */
    String getRequiredUsers();

    void setRequiredUsers(String users);

    /** Never these users' tasks (seed 004's userFilter with excludeUsers true). */
    String getExcludedUsers();

    void setExcludedUsers(String users);

    /** These users' tasks first, then anyone's (seed 004's preferredUsers). */
    String getPreferredUsers();

    void setPreferredUsers(String users);

    /** The largest payload it takes, in bytes; -1 for any. */
    long getMaxPayloadBytes();

    void setMaxPayloadBytes(long bytes);

    /** A local processor's handlers at once on each node; 0 for a remote one. */
    int getThreads();

    void setThreads(int threads);

    /** The nodes that run a local processor; empty for every node. */
    String getNodes();

    void setNodes(String nodes);

    boolean isStarted();

    /** Its state on each node, e.g. {@code node-1: running}. */
    String[] getStates();

    /** The tasks it holds now on every node. */
    long[] getRunningTaskIds();

    long getClaimed();

    long getSucceeded();

    long getFailed();

    /** The latest problem any node reported, with the node and time. */
    String getLastError();

    void start();

    void stop();

    /** Everything about it as JSON: definition, state, and each node's report. */
    String status();
}
