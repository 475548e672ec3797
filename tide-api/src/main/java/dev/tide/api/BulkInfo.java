package dev.tide.api;

import java.time.Instant;
import org.jspecify.annotations.Nullable;

/**
 * A bulk action and its progress. {@code processed = changed + skipped}, and {@code processed <= matched}: each
 * batch of at most {@link BulkActions#BATCH_SIZE} tasks moves them in the transaction that changes its tasks.
 *
 * @param actor who started it ({@link Actor}); null when unknown (an embedded call naming none)
 * @param owner the tenant it is confined to (a submitter's own tasks); null when it may reach everyone's
 * @param matched the tasks chosen when it started
 * @param processed the matched tasks done so far
 * @param changed those the action changed
 * @param skipped those it no longer applied to (a retry of a task no longer failed, a cancel of one finished since)
 * @param finishedAt when it became done, cancelled or failed; null while running
 * @param message why it failed, or null
 */
public record BulkInfo(
        long id,
        BulkAction action,
        BulkState state,
        @Nullable String actor,
        @Nullable String owner,
        long matched,
        long processed,
        long changed,
        long skipped,
        Instant createdAt,
        @Nullable Instant finishedAt,
        @Nullable String message) {}
