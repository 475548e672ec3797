package dev.tide.server.jmx;

/**
 * {@code dev.tide:type=ProcessorManager}: defines, starts, stops and removes processors (seed 004's
 * dataSubmissionProcessorManager and querySubmissionProcessorManager). Lists are names separated by commas or spaces.
 */
public interface ProcessorManagerMXBean {
    /** The processors, by name. */
    String[] getProcessors();

    /**
     * Creates or changes a processor; a new one is stopped. Seed 004's userFilter with excludeUsers false is
     * {@code requiredUsers}, with excludeUsers true {@code excludedUsers}; give one of them at most.
     *
     * @param kind local or remote
     * @param queue the queue it takes from
     * @param types task types; empty for any
     * @param maxPayloadBytes the largest payload; -1 for any
     * @param threads a local processor's handlers per node; 0 for a remote one
     * @param nodes the nodes that run a local processor; empty for all
     * @return the processor as JSON
     */
    String define(
            String name,
            String kind,
            String queue,
            String types,
            String requiredUsers,
            String excludedUsers,
            String preferredUsers,
            long maxPayloadBytes,
            int threads,
            String nodes);

    /** Creates or changes a processor from its JSON definition (as {@code PUT /v1/processors/{name}} takes it). */
    String defineJson(String json);

    void start(String name);

    void stop(String name);

    /** Removes a processor, stopping it. */
    void remove(String name);
}
