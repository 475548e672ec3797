package dev.tide.server;

import dev.tide.api.Ack;
import dev.tide.api.AckResult;
import dev.tide.api.EnqueueResult;
import dev.tide.api.JobType;
import dev.tide.api.Lease;
import dev.tide.api.LeasedTask;
import dev.tide.api.NewTask;
import dev.tide.api.TaskType;
import java.time.Duration;
import java.util.List;

/**
 * The request and response bodies of the HTTP API that are not API records themselves. Requests are read strictly, so
 * every component here is a field a client may send, and nothing else is.
 */
final class Bodies {
    private Bodies() {}

    /** A body for routes that take none: only {@code {}} (or nothing) is accepted. */
    record Empty() {}

    record Reason(String reason) {}

    record TaskBatch(List<NewTask> tasks) {}

    record EnqueueResults(List<EnqueueResult> results) {}

    record ClaimOne(String worker, Duration leaseDuration) {}

    record Tasks(List<LeasedTask> tasks) {}

    record Heartbeat(String token, Duration extension) {}

    record Heartbeats(List<Lease> leases, Duration extension) {}

    record Leases(List<Lease> leases) {}

    record Acks(List<Ack> acks) {}

    record AckResults(List<AckResult> results) {}

    record Resume(Duration leaseDuration) {}

    record Released(int released) {}

    record TaskTypes(List<TaskType> types) {}

    record JobTypes(List<JobType> types) {}

    /**
     * @param node this node's name, when the queue is an embedded engine
     * @param maintenanceLeader whether this node did the maintenance chores on its last pass
     */
    record Health(String status, String node, Boolean maintenanceLeader) {}
}
