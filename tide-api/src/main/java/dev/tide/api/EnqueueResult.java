package dev.tide.api;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;

/**
 * What an enqueue did: the task it stored, or the one its idempotency key matched.
 *
 * @param created false when an idempotency key matched an existing task, which is returned instead of a new one
 * @param warnings what the enqueue noticed without refusing it, such as a task type nothing names
 *     ({@link Warning#UNKNOWN_TYPE}); empty as a rule, and then left out of the JSON
 */
public record EnqueueResult(
        TaskInfo task,
        boolean created,
        @JsonInclude(JsonInclude.Include.NON_EMPTY) List<Warning> warnings) {
    public EnqueueResult {
        warnings = warnings == null ? List.of() : List.copyOf(warnings);
    }

    public EnqueueResult(TaskInfo task, boolean created) {
        this(task, created, List.of());
    }

    public long id() {
        return task.id();
    }

    /** This result with {@code more} warnings after its own. */
    public EnqueueResult withWarnings(List<Warning> more) {
        if (more.isEmpty()) {
            return this;
        }
        if (warnings.isEmpty()) {
            return new EnqueueResult(task, created, List.copyOf(more));
        }
        return new EnqueueResult(
                task,
                created,
                java.util.stream.Stream.concat(warnings.stream(), more.stream()).toList());
    }
}
