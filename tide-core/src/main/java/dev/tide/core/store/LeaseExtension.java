package dev.tide.core.store;

import java.time.Instant;
import java.util.List;

/**
 * @param leases (task id, token) pairs to extend
 * @param leaseMillis extend to now plus this; null for each task's own lease length
 */
public record LeaseExtension(List<LeaseRef> leases, Instant now, Long leaseMillis) {

    /** One lease named by task and token. */
    public record LeaseRef(long taskId, String token) {}
}
