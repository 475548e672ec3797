package dev.tide.core.blob;

import java.util.List;

/**
 * Where payloads too large for a task's row are kept: a flat space of immutable blobs under string keys. Tide writes a
 * blob once, before the row that refers to it, reads it back when the task is claimed or read, and deletes it after the
 * row has let go of it (see docs/operations.md, "Blob store").
 *
 * <p>Keys are made by {@link BlobKeys}: relative paths of letters, digits and {@code . _ - /}, which sort by the time
 * they were made. Implementations must be safe for concurrent use, and every method is durable when it returns: a blob
 * {@link #put} is on disk (or acknowledged by the object store) before Tide inserts the row naming it.
 *
 * <p>Failures to reach the store are thrown as {@link dev.tide.api.BlobStoreUnavailableException}.
 */
public interface BlobStore extends AutoCloseable {
    /** How tasks name this store ({@link dev.tide.api.TaskBlob#store()}): {@code folder} or {@code s3://bucket/prefix}. */
    String name();

    /** Stores {@code content} under {@code key}, replacing nothing: keys are never reused. */
    void put(String key, byte[] content);

    /**
     * The blob's content.
     *
     * @throws MissingBlobException when there is no blob under {@code key}
     */
    byte[] get(String key);

    /** Deletes the blob under {@code key}; a key with no blob is not an error (deletes are retried after crashes). */
    void delete(String key);

    /** Up to {@code limit} keys in ascending order, each after {@code after} (null: from the first). */
    List<String> list(String after, int limit);

    /**
     * Checks that the store can be used (the folder exists and is writable, the bucket answers), so that a bad setting
     * fails at start with one clear line rather than at the first large enqueue.
     */
    void check();

    @Override
    default void close() {}
}
