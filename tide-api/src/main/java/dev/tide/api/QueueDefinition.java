package dev.tide.api;

import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * How a queue serves its tasks. A queue need not be defined to be used: an undefined queue serves in
 * {@link Discipline#PRIORITY} order.
 *
 * @param discipline the order of dispatch; null for {@link Discipline#PRIORITY}
 * @param defaultAllocation in a {@link Discipline#FAIR} queue, the tasks each user gets per round unless given its
 *     own ({@link Queues#assignUsers}); 0 leaves users out of the turns. Null for 1
 * @param defaultConcurrency in a fair queue, the most tasks of one user leased at once across all workers and nodes
 *     unless given its own; 0 dispatches none. Null for no cap
 * @param prohibitedUsers users whose tasks in this queue go only to claims that require them by name, in addition to
 *     the server-wide ones ({@link Queues#prohibitUsers}). Null for none
 * @param maxPending the most pending tasks (ready or scheduled: not yet leased) the queue holds; an enqueue beyond it is
 *     refused with {@link PendingLimitException}. Null for no bound
 * @param maxPendingPerKey the most pending tasks with one coalescing key (of one owner) the queue holds: seed 002's
 *     frames per camera. Null for no bound
 * @param maxPendingPerUser the most pending tasks of one owner the queue holds (seed 004's per-user pending limit).
 *     Tasks without an owner count as one user. Null for no bound
 */
public record QueueDefinition(
        String name,
        Discipline discipline,
        Integer defaultAllocation,
        @Nullable Integer defaultConcurrency,
        Set<String> prohibitedUsers,
        @Nullable Integer maxPending,
        @Nullable Integer maxPendingPerKey,
        @Nullable Integer maxPendingPerUser) {

    public QueueDefinition {
        TaskType.requireName("name", name);
        discipline = discipline == null ? Discipline.PRIORITY : discipline;
        defaultAllocation = defaultAllocation == null ? 1 : defaultAllocation;
        UserShares.requireShare("defaultAllocation", defaultAllocation);
        UserShares.requireShare("defaultConcurrency", defaultConcurrency);
        prohibitedUsers = prohibitedUsers == null ? Set.of() : Set.copyOf(prohibitedUsers);
        requireBound("maxPending", maxPending);
        requireBound("maxPendingPerKey", maxPendingPerKey);
        requireBound("maxPendingPerUser", maxPendingPerUser);
    }

    /** Whether any bound on pending tasks is set: enqueues into a bounded queue are counted, the others are not. */
    public boolean bounded() {
        return maxPending != null || maxPendingPerKey != null || maxPendingPerUser != null;
    }

    private static void requireBound(String field, @Nullable Integer value) {
        if (value != null && value < 1) {
            throw new InvalidRequestException(field, "must be at least 1 (leave it out for no bound)");
        }
    }

    public static QueueDefinition named(String name) {
        return new QueueDefinition(name, Discipline.PRIORITY, 1, null, Set.of(), null, null, null);
    }

    public QueueDefinition withDiscipline(Discipline value) {
        return new QueueDefinition(
                name,
                value,
                defaultAllocation,
                defaultConcurrency,
                prohibitedUsers,
                maxPending,
                maxPendingPerKey,
                maxPendingPerUser);
    }

    public QueueDefinition withDefaultAllocation(Integer value) {
        return new QueueDefinition(
                name,
                discipline,
                value,
                defaultConcurrency,
                prohibitedUsers,
                maxPending,
                maxPendingPerKey,
                maxPendingPerUser);
    }

    public QueueDefinition withDefaultConcurrency(Integer value) {
        return new QueueDefinition(
                name,
                discipline,
                defaultAllocation,
                value,
                prohibitedUsers,
                maxPending,
                maxPendingPerKey,
                maxPendingPerUser);
    }

    public QueueDefinition withProhibitedUsers(Set<String> value) {
        return new QueueDefinition(
                name,
                discipline,
                defaultAllocation,
                defaultConcurrency,
                value,
                maxPending,
                maxPendingPerKey,
                maxPendingPerUser);
    }

    /** Bounds on the pending tasks of the whole queue, of one coalescing key, and of one user; null for none. */
    public QueueDefinition withPendingBounds(Integer perQueue, Integer perKey, Integer perUser) {
        return new QueueDefinition(
                name, discipline, defaultAllocation, defaultConcurrency, prohibitedUsers, perQueue, perKey, perUser);
    }
}
