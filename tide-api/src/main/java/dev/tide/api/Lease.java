package dev.tide.api;

import java.time.Duration;
import java.time.Instant;

/**
 * Proof of holding a task: every heartbeat, acknowledgement and release names the task and this token, and is refused
 * as a {@link LeaseLostException} once the token is no longer the task's current one.
 *
 * @param expiresAt when the lease runs out, on the queue's clock
 * @param duration the length of the lease as granted; a holder should heartbeat well within it (Tide's workers do so
 *     after a third of it, timed on their own monotonic clock so that clock skew does not matter)
 */
public record Lease(long taskId, String owner, String token, Instant expiresAt, Duration duration) {}
