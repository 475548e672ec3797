package dev.tide.api;

import java.util.List;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * A bulk action to start ({@link BulkActions#start}): one action on the tasks of a filter, or on tasks named by id.
 * The tasks are chosen once, when it starts: those matching then (and, with a filter, with an id up to {@code
 * upToTaskId}); no task that starts matching later is touched.
 *
 * @param action what to do to each task
 * @param filter the tasks matching this query (its cursor, limit and sort are ignored); exactly one of filter and
 *     taskIds is given
 * @param taskIds these tasks (at most {@link #MAX_IDS}); ids that name no task, or another tenant's, match nothing
 * @param upToTaskId with a filter, required: {@link BulkMatch#upToTaskId()} of the count the person confirmed
 * @param reason for {@link BulkAction#CANCEL} only: the cancelled tasks' message
 */
public record BulkRequest(
        BulkAction action,
        @Nullable TaskQuery filter,
        List<Long> taskIds,
        @Nullable Long upToTaskId,
        @Nullable String reason) {
    public static final int MAX_IDS = 10_000;

    public BulkRequest {
        if (taskIds != null && taskIds.stream().anyMatch(Objects::isNull)) {
            throw new InvalidRequestException("taskIds", "must not hold null");
        }
        taskIds = taskIds == null ? List.of() : List.copyOf(taskIds);
        if (action == null) {
            throw new InvalidRequestException("action", "is required: retry, cancel, park or unpark");
        }
        if (taskIds.size() > MAX_IDS) {
            throw new InvalidRequestException("taskIds", "at most " + MAX_IDS + " ids; use a filter for more");
        }
        if (filter == null && taskIds.isEmpty()) {
            throw new InvalidRequestException("filter", "give a filter or task ids");
        }
        if (filter != null && !taskIds.isEmpty()) {
            throw new InvalidRequestException("taskIds", "give a filter or task ids, not both");
        }
        if (filter != null && upToTaskId == null) {
            throw new InvalidRequestException(
                    "upToTaskId", "is required with a filter: the upToTaskId of the match the person confirmed");
        }
        if (upToTaskId != null && upToTaskId < 0) {
            throw new InvalidRequestException("upToTaskId", "must not be negative");
        }
        if (reason != null && action != BulkAction.CANCEL) {
            throw new InvalidRequestException("reason", "is for cancel only");
        }
    }

    /** The action on the tasks matching {@code filter} with ids up to {@code match.upToTaskId()}. */
    public static BulkRequest matching(BulkAction action, TaskQuery filter, BulkMatch match) {
        return new BulkRequest(action, filter, List.of(), match.upToTaskId(), null);
    }

    /** The action on these tasks. */
    public static BulkRequest ids(BulkAction action, List<Long> taskIds) {
        return new BulkRequest(action, null, taskIds, null, null);
    }

    /** The same request with a reason (cancel only). */
    public BulkRequest withReason(String value) {
        return new BulkRequest(action, filter, taskIds, upToTaskId, value);
    }
}
