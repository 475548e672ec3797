package dev.tide.core.store;

import dev.tide.api.LeasedTask;

/**
 * A task inserted to be run at once by its caller: the insert's result, and the lease it was taken under in the same
 * transaction, or null when it was left in the queue (not ready, or its profile had no room).
 */
public record LeasedInsert(InsertBatch batch, LeasedTask leased) {}
