package dev.tide.core.engine;

import dev.tide.api.TaskBlob;
import dev.tide.core.blob.BlobKeys;
import dev.tide.core.blob.Sha256;
import dev.tide.core.settings.BlobSettings;
import java.nio.charset.StandardCharsets;
import java.time.Instant;

/**
 * Decides, at resolve time, which task payloads go to the blob store, and names their blobs. Cheap for the common
 * small payload: its length in chars bounds its UTF-8 size (at most 3 bytes a char), so most payloads are placed
 * without being encoded or hashed.
 */
public final class BlobPlacement {
    /** No blob store: every payload stays in its row, within the row's cap. */
    public static final BlobPlacement NONE = new BlobPlacement(null, Long.MAX_VALUE, 0);

    private final String storeName;
    private final long thresholdBytes;
    private final long capBytes;

    private BlobPlacement(String storeName, long thresholdBytes, long capBytes) {
        this.storeName = storeName;
        this.thresholdBytes = thresholdBytes;
        this.capBytes = capBytes;
    }

    /**
     * Payloads above the threshold, or above the row's cap, go to {@code storeName}; the larger of the two caps
     * applies.
     */
    public static BlobPlacement of(String storeName, BlobSettings settings, long rowCapBytes) {
        return new BlobPlacement(
                storeName,
                Math.min(settings.thresholdBytes(), rowCapBytes),
                Math.max(settings.payloadCapBytes(), rowCapBytes));
    }

    /** The largest payload accepted: the row's cap without a blob store. */
    public long capBytes(long rowCapBytes) {
        return storeName == null ? rowCapBytes : capBytes;
    }

    /** The blob a payload goes to, or null when it stays in the row. */
    public TaskBlob place(String payload, Instant now) {
        if (storeName == null || payload == null || (long) payload.length() * 3 <= thresholdBytes) {
            return null;
        }
        byte[] bytes = payload.getBytes(StandardCharsets.UTF_8);
        if (bytes.length <= thresholdBytes) {
            return null;
        }
        return new TaskBlob(storeName, BlobKeys.next(now), bytes.length, Sha256.hex(bytes), null);
    }
}
