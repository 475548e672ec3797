package dev.tide.client;

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

/** The request and response bodies of the HTTP API that are not API records themselves, as the client sees them. */
final class Bodies {
    private Bodies() {}

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
}
