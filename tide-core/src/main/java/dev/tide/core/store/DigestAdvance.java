package dev.tide.core.store;

import java.time.Instant;

/**
 * Moves the digest's last period end from {@code expected} to {@code until}, a compare-and-set, and in the same
 * transaction inserts the digest task and its event: of several nodes trying for one period, exactly one succeeds.
 *
 * @param expected the last period end as read; null when no digest period has started yet
 * @param task the digest to enqueue; null only to start counting periods (nothing is sent)
 * @param event logged with the task; null with it
 */
public record DigestAdvance(Instant expected, Instant until, TaskRow task, EventRow event) {}
