package dev.tide.core.settings;

import java.time.Duration;

/**
 * When task payloads go to the blob store instead of the task's row, how large they may be there, and how orphaned
 * blobs are found. Apply only when the engine has a blob store (always on SQLite; on PostgreSQL when one is given).
 *
 * @param thresholdBytes a payload larger than this many UTF-8 bytes (or than the engine's payload cap, whichever is
 *     smaller) is written to the blob store; smaller ones stay in the row, at no extra cost
 * @param payloadCapBytes the largest task payload accepted when there is a blob store (HTTP 413 above it). Blobs raise
 *     the cap for task payloads only: results, job info and the payloads of schedules stay under the engine's payload
 *     cap. The larger of this and the engine's payload cap applies
 * @param orphanGrace how old a blob must be before the orphan sweep may delete it for want of a task referring to it.
 *     A blob is written just before its task's row, so this must be longer than any enqueue takes
 * @param sweepInterval how often the maintenance leader sweeps the store for orphans (blobs left by a crash between a
 *     row's change and its blob's deletion); each sweep lists every blob older than the grace period
 */
public record BlobSettings(long thresholdBytes, long payloadCapBytes, Duration orphanGrace, Duration sweepInterval) {
    public BlobSettings {
        if (thresholdBytes < 0) {
            throw new IllegalArgumentException("blob thresholdBytes must not be negative");
        }
        if (payloadCapBytes < 1) {
            throw new IllegalArgumentException("blob payloadCapBytes must be at least 1");
        }
        if (orphanGrace == null || orphanGrace.isNegative() || orphanGrace.isZero()) {
            throw new IllegalArgumentException("blob orphanGrace must be positive");
        }
        if (sweepInterval == null || sweepInterval.isNegative() || sweepInterval.isZero()) {
            throw new IllegalArgumentException("blob sweepInterval must be positive");
        }
    }

    /** Blobs above 64 KiB, up to 16 MiB; orphans swept hourly once a day old. */
    public static BlobSettings defaults() {
        return new BlobSettings(64 * 1024, 16 * 1024 * 1024, Duration.ofDays(1), Duration.ofHours(1));
    }

    public BlobSettings withThreshold(long bytes) {
        return new BlobSettings(bytes, payloadCapBytes, orphanGrace, sweepInterval);
    }

    public BlobSettings withPayloadCap(long bytes) {
        return new BlobSettings(thresholdBytes, bytes, orphanGrace, sweepInterval);
    }

    public BlobSettings withOrphanGrace(Duration value) {
        return new BlobSettings(thresholdBytes, payloadCapBytes, value, sweepInterval);
    }

    public BlobSettings withSweepInterval(Duration value) {
        return new BlobSettings(thresholdBytes, payloadCapBytes, orphanGrace, value);
    }
}
