package dev.tide.api;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * The tasks of a fair queue that workers finished in the last hour, by user: the turns each user was served, to set
 * against the share of the turns each is due ({@link QueueUser}). Counted from the tasks themselves when read: those
 * served in the queue's turns (enqueued while it was fair) that ended succeeded or failed for good after {@code from}
 * and up to {@code to}; a failed attempt that will be retried counts when its task ends, a cancelled or expired task
 * never.
 *
 * @param queue the queue
 * @param from the window's start: {@link #WINDOW} before {@code to}; when {@code partial}, the time the oldest task
 *     counted ended (that task included)
 * @param to the window's end: the engine's clock when read
 * @param partial whether more than {@value #LIMIT} tasks ended in the window: the figures are then those of the
 *     {@value #LIMIT} that ended last
 * @param users each user with a task counted, by name
 */
public record ServedTasks(String queue, Instant from, Instant to, boolean partial, List<UserServed> users) {
    /** How far back the count looks. */
    public static final Duration WINDOW = Duration.ofHours(1);

    /** The most tasks one read counts, so that a page polling it costs the same however busy the queue is. */
    public static final int LIMIT = 10_000;

    public ServedTasks {
        users = List.copyOf(users);
    }

    /**
     * One user's tasks served in the window.
     *
     * @param user the tasks' owner
     * @param tasks how many of its tasks ended in the window
     */
    public record UserServed(String user, long tasks) {}

    /** The tasks of every user together. */
    public long sum() {
        return users.stream().mapToLong(UserServed::tasks).sum();
    }

    /** The share (0 to 1) of the tasks served that were {@code user}'s; 0 when none was served. */
    public double shareOf(String user) {
        long all = sum();
        return all == 0
                ? 0
                : (double) users.stream()
                                .filter(u -> u.user().equals(user))
                                .mapToLong(UserServed::tasks)
                                .sum()
                        / all;
    }
}
