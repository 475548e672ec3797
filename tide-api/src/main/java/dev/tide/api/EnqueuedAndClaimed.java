package dev.tide.api;

import org.jspecify.annotations.Nullable;

/**
 * What {@link TaskQueue#enqueueAndClaim} did.
 *
 * @param enqueued the task as inserted (or the one an idempotency key or coalescing key answered with)
 * @param leased the task leased to the caller when its profile had room and it was ready; null when it was queued
 */
public record EnqueuedAndClaimed(
        EnqueueResult enqueued, @Nullable LeasedTask leased) {}
