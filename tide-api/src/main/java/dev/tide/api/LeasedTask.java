package dev.tide.api;

import org.jspecify.annotations.Nullable;

/**
 * A claimed task and the lease under which the claimer holds it.
 *
 * @param budget the units this session may spend on the task, when a profile governs it: its {@link NewTask#units()},
 *     or for a divisible task as many of them as the hour and session had left (a file reader reads this many lines).
 *     Null when no profile limits the task
 */
public record LeasedTask(
        TaskInfo task, Lease lease, @Nullable Integer budget) {

    public LeasedTask(TaskInfo task, Lease lease) {
        this(task, lease, null);
    }

    public long id() {
        return task.id();
    }

    /** Builds an acknowledgement of this task under its lease. */
    public Ack.Builder ack() {
        return Ack.builder(lease);
    }
}
