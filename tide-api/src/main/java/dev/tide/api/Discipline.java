package dev.tide.api;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Locale;
import org.jspecify.annotations.Nullable;

/**
 * The order in which a queue hands out its ready tasks. Every discipline is one sort key computed when a task is
 * enqueued, so a claim stays one range scan of one index whatever the discipline; ties go first come, first served.
 */
public enum Discipline {
    /** First come, first served: priorities and deadlines do not matter. */
    FIFO,
    /**
     * The thesis's order, and the default: job priority (highest first), job deadline (earliest first), task priority
     * (highest first), task deadline (earliest first).
     */
    PRIORITY,
    /** Earliest deadline first: the earlier of the task's deadline and its job's; tasks without one come last. */
    EDF,
    /**
     * Weighted random choice (a roulette wheel): each claim takes a ready task with probability its weight / the sum of
     * the ready tasks' weights, also while tasks arrive and leave. Priorities and deadlines do not matter.
     */
    ROULETTE,
    /**
     * Fair shares among the tasks' owners (users): users take turns, each getting its allocation of tasks per round
     * ({@link QueueDefinition#defaultAllocation()}, with per-user overrides; 0 leaves a user out of the turns), and
     * none holding more leases at once than its concurrency cap. A user's own tasks go in priority order.
     */
    FAIR;

    @JsonValue
    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    @JsonCreator
    public static @Nullable Discipline parse(@Nullable String text) {
        return Wire.parse(Discipline.class, "discipline", text);
    }
}
