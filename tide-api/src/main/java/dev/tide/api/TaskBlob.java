package dev.tide.api;

import java.time.Instant;

/**
 * Where a task's payload is kept when it is too large to live in the task's row: a blob in the engine's blob store.
 * Readers need not care: a claim, or a read of the task by id, returns the payload itself, read back and checked
 * against {@link #sha256()}. Lists of tasks leave a blob's payload out (it could be megabytes per task).
 *
 * @param store the blob store that holds it, e.g. {@code folder} or {@code s3://bucket/prefix}
 * @param key its key in that store
 * @param bytes the payload's size in UTF-8 bytes
 * @param sha256 the SHA-256 of those bytes, in lower-case hex
 * @param deletedAt when the blob was deleted (its task succeeded and its type deletes blobs on completion), or null
 *     while it is kept; once deleted, the task's payload reads as null
 */
public record TaskBlob(String store, String key, long bytes, String sha256, Instant deletedAt) {
    /** Whether the payload is gone: the task's payload then reads as null. */
    public boolean deleted() {
        return deletedAt != null;
    }
}
