package dev.tide.api;

/** A claimed task and the lease under which the claimer holds it. */
public record LeasedTask(TaskInfo task, Lease lease) {
    public long id() {
        return task.id();
    }

    /** Builds an acknowledgement of this task under its lease. */
    public Ack.Builder ack() {
        return Ack.builder(lease);
    }
}
