package dev.tide.api;

/**
 * An enqueue refused because a queue's bound on pending tasks (ready or scheduled) is reached (HTTP 429 with a
 * {@code Retry-After} header). Nothing of the request was written; try again once workers have taken some.
 *
 * @see QueueDefinition#maxPending()
 */
public class PendingLimitException extends TideException {
    private static final long serialVersionUID = 1L;

    /** Which of a queue's bounds refused the enqueue. */
    public enum Bound {
        /** {@link QueueDefinition#maxPending()}: the whole queue. */
        QUEUE,
        /** {@link QueueDefinition#maxPendingPerKey()}: one coalescing key of one owner. */
        KEY,
        /** {@link QueueDefinition#maxPendingPerUser()}: one owner. */
        USER,
        /** A user's own pending limit across every queue ({@code Account#pendingLimit()}, or the server's default). */
        ACCOUNT;

        public String wireName() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    /** What a client is told to wait before trying again, in seconds: workers drain a queue in about this time. */
    public static final int RETRY_AFTER_SECONDS = 1;

    private final Bound bound;
    private final int limit;
    private final String queue;
    private final String key;
    private final String user;

    /**
     * @param key the coalescing key, for {@link Bound#KEY}; else null
     * @param user the owner, for {@link Bound#KEY} and {@link Bound#USER} (empty for tasks without one); else null
     */
    public PendingLimitException(Bound bound, int limit, String queue, String key, String user) {
        super(429, describe(bound, limit, queue, key, user));
        this.bound = bound;
        this.limit = limit;
        this.queue = queue;
        this.key = key;
        this.user = user;
    }

    private static String describe(Bound bound, int limit, String queue, String key, String user) {
        String who = user == null || user.isEmpty() ? "no owner" : "user '" + user + "'";
        return switch (bound) {
            case QUEUE -> "queue '" + queue + "' holds its maximum of " + limit + " pending tasks (maxPending)";
            case KEY ->
                "queue '" + queue + "' holds its maximum of " + limit + " pending tasks with coalescing key '" + key
                        + "' of " + who + " (maxPendingPerKey)";
            case USER ->
                "queue '" + queue + "' holds its maximum of " + limit + " pending tasks of " + who
                        + " (maxPendingPerUser)";
            case ACCOUNT -> who + " has its maximum of " + limit + " pending tasks across all queues (pendingLimit)";
        };
    }

    public Bound bound() {
        return bound;
    }

    public int limit() {
        return limit;
    }

    /** The queue whose bound was reached; null for {@link Bound#ACCOUNT}, which spans every queue. */
    public String queue() {
        return queue;
    }

    /** The coalescing key whose bound was reached, or null. */
    public String key() {
        return key;
    }

    /** The owner whose bound was reached ({@code ""} for tasks without one), or null for the queue's bound. */
    public String user() {
        return user;
    }

    @Override
    public String code() {
        return "pending_limit";
    }
}
