package dev.tide.api;

import java.util.List;

/**
 * Processors (seed 004's Submission Processors): named claimers of a queue's tasks, started and stopped on every node
 * at once (see {@link ProcessorDefinition}). Reached from {@code processors()} of the embedded engine and of the HTTP
 * client alike.
 */
public interface Processors {

    /**
     * Creates or changes a processor; a new one is stopped, a changed one keeps its state. Takes effect at once on this
     * node and within a couple of seconds on the others; recorded in the event log.
     */
    ProcessorInfo define(ProcessorDefinition definition);

    /** Every processor with what it is doing on each node, by name. */
    List<ProcessorInfo> list();

    /** The processor, or {@link NotFoundException}. */
    ProcessorInfo get(String name);

    /**
     * Starts a processor on every node: a local one's handlers begin to claim, a remote one's claims are served.
     * Recorded in the event log.
     */
    ProcessorInfo start(String name);

    /**
     * Stops a processor on every node: a local one stops claiming and its running handlers finish (within the node's
     * grace, then their tasks are released); a remote one's claims get nothing. Tasks wait meanwhile.
     */
    ProcessorInfo stop(String name);

    /** Removes a processor, stopping it first; {@link NotFoundException} if none has that name. */
    void delete(String name);
}
