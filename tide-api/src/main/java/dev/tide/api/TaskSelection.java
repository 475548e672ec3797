package dev.tide.api;

import java.time.Instant;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * The tasks an administrator parks or unparks (seed 004's parking): by id, by owner, or by the time they were
 * received (enqueued), optionally within one queue. The conditions given must all hold; at least one of ids, owner or
 * a time bound must be given, so that no selection names every task by accident.
 *
 * @param taskIds these tasks (at most {@link #MAX_IDS})
 * @param owner the tasks of this user
 * @param queue only tasks of this queue
 * @param receivedFrom tasks enqueued at or after this time
 * @param receivedTo tasks enqueued before this time
 */
public record TaskSelection(
        List<Long> taskIds,
        @Nullable String owner,
        @Nullable String queue,
        @Nullable Instant receivedFrom,
        @Nullable Instant receivedTo) {
    public static final int MAX_IDS = 10_000;

    public TaskSelection {
        taskIds = taskIds == null ? List.of() : List.copyOf(taskIds);
        if (taskIds.size() > MAX_IDS) {
            throw new InvalidRequestException("taskIds", "at most " + MAX_IDS + " ids");
        }
        if (owner != null && owner.isBlank()) {
            throw new InvalidRequestException("owner", "must not be blank");
        }
        if (queue != null) {
            TaskType.requireName("queue", queue);
        }
        if (receivedFrom != null && receivedTo != null && !receivedFrom.isBefore(receivedTo)) {
            throw new InvalidRequestException("receivedTo", "must be after receivedFrom");
        }
        if (taskIds.isEmpty() && owner == null && receivedFrom == null && receivedTo == null) {
            throw new InvalidRequestException("taskIds", "give task ids, an owner or a received-time window");
        }
    }

    public static TaskSelection ids(List<Long> taskIds) {
        return new TaskSelection(taskIds, null, null, null, null);
    }

    public static TaskSelection owner(String owner) {
        return new TaskSelection(List.of(), owner, null, null, null);
    }

    /** Tasks received in [from, to); either bound may be null for an open end. */
    public static TaskSelection receivedBetween(Instant from, Instant to) {
        return new TaskSelection(List.of(), null, null, from, to);
    }

    /** The same selection within one queue. */
    public TaskSelection inQueue(String name) {
        return new TaskSelection(taskIds, owner, name, receivedFrom, receivedTo);
    }
}
