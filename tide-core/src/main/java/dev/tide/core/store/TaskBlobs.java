package dev.tide.core.store;

import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Set;

/**
 * Which blob payloads tasks still refer to, and letting go of those of finished tasks.
 */
public interface TaskBlobs {

    /** Of these blob keys, those a task still refers to (a blob not let go of): the others may be deleted. */
    Set<String> taskBlobReferenced(Collection<String> keys);

    /**
     * Lets go of the blobs of those of these tasks that succeeded and are of one of {@code types}, so that their
     * payloads read as gone from now on; returns the keys for the caller to delete.
     */
    List<String> taskBlobRelease(List<Long> taskIds, Set<String> types, Instant now);
}
