package dev.tide.core.store;

import java.time.Instant;
import java.util.List;

/** The nodes registry: each running engine's record of itself, written by that engine alone. */
public interface NodeStore {

    /** Writes a node's record, created or replaced whole. */
    void nodeSave(NodeRow node);

    /** Every node's record, by name. */
    List<NodeRow> nodeList();

    /** Deletes the records of nodes last seen before {@code cutoff}; returns how many. */
    int nodePrune(Instant cutoff);
}
