package dev.tide.api;

import java.time.Duration;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * A worker's request for up to {@code limit} tasks: a processor, in seed 004's words, with what it can take.
 *
 * @param queue the queue to take from; under a processor, null for the processor's (any other is refused)
 * @param worker the claimer's name; becomes the lease owner. Keep it stable across restarts of one worker, so that
 *     {@link TaskQueue#releaseLeases(String)} and {@link TaskQueue#resumeLeases} find its previous life's leases
 * @param limit at most this many tasks (1 to 1000)
 * @param types only tasks of these types; empty means any
 * @param leaseDuration the lease to take; the task type's lease length when null
 * @param waitFor how long to wait for a task when none is ready (long poll); zero or null returns at once
 * @param maxPayloadBytes only tasks whose payload (UTF-8 JSON) is at most this many bytes; null for any size
 * @param users whose tasks to take; null for {@link UserFilter#ANY}
 * @param session names the processing cycle this claim belongs to: the claims of one session share its profiles'
 *     {@link ProfileLimits#maxPerSession()} budgets. Null: the claim is a session of its own
 * @param processor claims under this {@link ProcessorDefinition processor}: its queue, types, users and payload size
 *     apply (the request may narrow the types and the payload size, and may not name users), and while it is stopped
 *     the claim gets nothing. Null: the request says it all
 */
public record ClaimRequest(
        @Nullable String queue,
        String worker,
        int limit,
        Set<String> types,
        @Nullable Duration leaseDuration,
        @Nullable Duration waitFor,
        @Nullable Long maxPayloadBytes,
        UserFilter users,
        @Nullable String session,
        @Nullable String processor) {

    public static final int MAX_LIMIT = 1000;

    public ClaimRequest {
        types = types == null ? Set.of() : Set.copyOf(types);
        queue = queue == null && processor == null ? NewTask.DEFAULT_QUEUE : queue;
        users = users == null ? UserFilter.ANY : users;
    }

    /** A request without the trailing options: any type, the type's lease, no wait, any size and user. */
    public ClaimRequest(
            @Nullable String queue,
            String worker,
            int limit,
            Set<String> types,
            @Nullable Duration leaseDuration,
            @Nullable Duration waitFor,
            @Nullable Long maxPayloadBytes,
            UserFilter users,
            @Nullable String session) {
        this(queue, worker, limit, types, leaseDuration, waitFor, maxPayloadBytes, users, session, null);
    }

    public static ClaimRequest of(@Nullable String queue, String worker, int limit) {
        return new ClaimRequest(queue, worker, limit, Set.of(), null, null, null, UserFilter.ANY, null, null);
    }

    /** A claim under a processor, which decides the queue, types, users and payload size. */
    public static ClaimRequest under(@Nullable String processor, String worker, int limit) {
        return new ClaimRequest(null, worker, limit, Set.of(), null, null, null, UserFilter.ANY, null, processor);
    }

    public ClaimRequest withTypes(Set<String> newTypes) {
        return new ClaimRequest(
                queue, worker, limit, newTypes, leaseDuration, waitFor, maxPayloadBytes, users, session, processor);
    }

    public ClaimRequest withWait(@Nullable Duration newWait) {
        return new ClaimRequest(
                queue, worker, limit, types, leaseDuration, newWait, maxPayloadBytes, users, session, processor);
    }

    public ClaimRequest withLease(@Nullable Duration newLease) {
        return new ClaimRequest(
                queue, worker, limit, types, newLease, waitFor, maxPayloadBytes, users, session, processor);
    }

    public ClaimRequest withMaxPayloadBytes(@Nullable Long bytes) {
        return new ClaimRequest(queue, worker, limit, types, leaseDuration, waitFor, bytes, users, session, processor);
    }

    public ClaimRequest withSession(String name) {
        return new ClaimRequest(
                queue, worker, limit, types, leaseDuration, waitFor, maxPayloadBytes, users, name, processor);
    }

    public ClaimRequest withUsers(UserFilter filter) {
        return new ClaimRequest(
                queue, worker, limit, types, leaseDuration, waitFor, maxPayloadBytes, filter, session, processor);
    }

    public ClaimRequest withProcessor(String name) {
        return new ClaimRequest(
                queue, worker, limit, types, leaseDuration, waitFor, maxPayloadBytes, users, session, name);
    }
}
