package dev.tide.core.store;

import java.time.Instant;

/** An event log entry to insert; {@code detail} is a JSON object (or null). */
public record EventRow(Instant at, String kind, Long taskId, Long jobId, String queue, String detail) {}
