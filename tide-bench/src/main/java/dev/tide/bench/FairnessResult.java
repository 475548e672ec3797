package dev.tide.bench;

import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * What fairness costs: the same drain through a {@code fifo} queue and through a {@code fair} queue whose tasks belong
 * to {@code users} users, all of them with tasks ready throughout.
 */
record FairnessResult(String store, int users, DrainResult fifo, DrainResult fair) {

    /** The fair queue's drain rate as a share of the fifo queue's (1.0 = fairness costs nothing). */
    @JsonProperty
    double drainShare() {
        return fair.drainRate() / fifo.drainRate();
    }
}
