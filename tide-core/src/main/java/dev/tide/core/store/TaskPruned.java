package dev.tide.core.store;

import java.util.List;

/**
 * What one prune batch deleted.
 *
 * @param count the tasks deleted
 * @param blobKeys the blobs those tasks still referred to, for the engine to delete now that their rows are gone
 */
public record TaskPruned(int count, List<String> blobKeys) {
    public TaskPruned {
        blobKeys = List.copyOf(blobKeys);
    }
}
