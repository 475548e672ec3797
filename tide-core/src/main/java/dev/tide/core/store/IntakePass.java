package dev.tide.core.store;

import java.time.Instant;

/**
 * What one node's pass through its inbox folder did, added to the counts every node shares.
 *
 * @param stored files moved aside as stored
 * @param rejected files moved to a {@code .rejected} folder
 * @param scannedAt when the pass looked through the folder
 */
public record IntakePass(long stored, long rejected, Instant scannedAt) {}
